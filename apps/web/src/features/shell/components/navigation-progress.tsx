import { useEffect, useState } from 'react';
import { LoadingScreen } from '../../../components/loading-screen.tsx';
import './navigation-progress.css';

/**
 * A quick navigation only shows the bar; the full loading screen covers the page once a navigation takes
 * longer than this, so fast screens do not flash.
 */
const LOADING_SCREEN_DELAY_MS = 250;

interface NavigationProgressProps {
  /** A navigation is loading its route's code or data. */
  readonly busy: boolean;
  readonly label: string;
}

/** Spec §2: a loading screen before each navigation (the router's navigation state: lazy code and loaders). */
export function NavigationProgress({ busy, label }: NavigationProgressProps) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setSlow(true), LOADING_SCREEN_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [busy]);

  if (!busy) return null;
  return (
    <>
      <div className="navigation-progress" aria-hidden="true" />
      {slow && <LoadingScreen overlay label={label} />}
    </>
  );
}
