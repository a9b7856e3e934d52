import { useEffect, useRef, useState } from 'react';
import { takeawayEventsUrl } from './takeaway-api.ts';

/** The live stream's state: opening, up, or down (the browser is retrying; the page polls meanwhile). */
export type StreamState = 'connecting' | 'live' | 'down';

/**
 * Follows one order live (Server-Sent Events, decision 041): `onChange` runs whenever staff or the kitchen
 * move it, and each time the stream opens (a move may have happened since the last read). Says how the
 * stream is, so the page polls only while it is not up. Null key: nothing to follow.
 */
export function useOrderStream(liveKey: string | null, onChange: () => void): StreamState {
  const [state, setState] = useState<StreamState>('connecting');
  const callback = useRef(onChange);
  useEffect(() => {
    callback.current = onChange;
  });

  useEffect(() => {
    if (liveKey === null || typeof EventSource === 'undefined') return;
    const source = new EventSource(takeawayEventsUrl(liveKey));
    // Every (re)opening reads the order again: a move between the last read and the stream's start
    // would otherwise be missed.
    const ready = () => {
      callback.current();
      setState('live');
    };
    const changed = () => callback.current();
    // The browser reconnects by itself; meanwhile the page falls back to polling.
    const lost = () => setState('down');
    source.addEventListener('ready', ready);
    source.addEventListener('order-changed', changed);
    source.addEventListener('error', lost);
    return () => {
      source.close();
      setState('connecting');
    };
  }, [liveKey]);

  return state;
}
