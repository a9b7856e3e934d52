import type { StaffUser } from '@sobremesa/contracts';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { texts } from '../../i18n/texts.ts';

interface StaffPanelProps {
  readonly user: StaffUser;
  readonly onSignOut: () => Promise<void>;
  /** What the signed-in staff member sees below their name. */
  readonly children?: ReactNode;
}

/** The signed-in view: who is signed in, sign-out, and the screen's content. */
export function StaffPanel({ user, onSignOut, children }: StaffPanelProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [pending, setPending] = useState(false);

  // After signing in, focus moves to the new content so keyboard and screen-reader users land on it.
  useEffect(() => headingRef.current?.focus(), []);

  async function signOut() {
    setPending(true);
    await onSignOut();
  }

  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="card__header">
        <h2 id={headingId} ref={headingRef} tabIndex={-1}>
          {texts.session.heading}
        </h2>
        <button type="button" className="button" onClick={() => void signOut()} disabled={pending}>
          {texts.session.signOut}
        </button>
      </div>
      <p>
        {texts.session.signedInAs} <strong className="user-name">{user.name}</strong>{' '}
        <span className="muted">({user.email})</span>
      </p>
      {children}
    </section>
  );
}
