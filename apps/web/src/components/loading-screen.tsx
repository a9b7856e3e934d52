import './loading-screen.css';

interface LoadingScreenProps {
  /** What is loading, read out to screen readers; absent before the interface language is known. */
  readonly label?: string;
  /** Over the current page (a navigation) rather than in place of it (start-up). */
  readonly overlay?: boolean;
}

/** The loading screen spec §2 shows before each navigation and at start-up. */
export function LoadingScreen({ label, overlay = false }: LoadingScreenProps) {
  return (
    <div
      className={`loading-screen${overlay ? ' loading-screen--overlay' : ''}`}
      role="status"
      aria-live="polite"
    >
      <div className="loading-screen__mark" aria-hidden="true">
        <span className="spinner" />
      </div>
      {label && <p className="loading-screen__label">{label}</p>}
    </div>
  );
}
