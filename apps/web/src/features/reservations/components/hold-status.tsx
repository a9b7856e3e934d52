import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { HeldTable } from '../use-hold.ts';

interface HoldStatusProps {
  readonly held: HeldTable | null;
  readonly pending: boolean;
  /** The hold could not be taken (not a lost race): the guest may go on, the booking assigns a table. */
  readonly failed: boolean;
  /** Renews the hold (WCAG 2.2.1: the guest can ask for more time). */
  readonly onExtend: () => void;
}

/** Shows when the hold may be extended (WCAG 2.2.1 asks for at least 20 seconds of warning). */
const EXTEND_FROM_SECONDS = 120;
const WARN_FROM_SECONDS = 60;

function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The countdown of the table kept for the guest. The time itself is a `timer` (not read out every second);
 * the last minute and the end are announced once, and the guest can ask for more time.
 */
export function HoldStatus({ held, pending, failed, onExtend }: HoldStatusProps) {
  const { t } = useTranslation('reservations');
  // Ticking with or without a hold, so a hold taken later never counts from a time long gone.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  if (pending) {
    return (
      <p className="hold hold--pending" role="status">
        {t('hold.holding')}
      </p>
    );
  }
  if (!held) {
    return failed ? (
      <p className="hold" role="status">
        {t('hold.failed')}
      </p>
    ) : null;
  }
  const left = Math.max(0, Math.ceil((held.deadline - now) / 1000));
  if (left === 0) {
    return (
      <div className="hold hold--expired" role="status">
        <p>{t('hold.expired')}</p>
        <button type="button" className="button" onClick={onExtend}>
          {t('hold.again')}
        </button>
      </div>
    );
  }
  return (
    <div className="hold">
      <p>
        <span className="hold__dot" aria-hidden="true" />
        <span role="timer" aria-live="off">
          {t('hold.held', { time: clock(left) })}
        </span>
      </p>
      <p role="status" className={left <= WARN_FROM_SECONDS ? 'hold__warning' : 'visually-hidden'}>
        {left <= WARN_FROM_SECONDS ? t('hold.expiring') : ''}
      </p>
      {left <= EXTEND_FROM_SECONDS && (
        <button type="button" className="button" onClick={onExtend}>
          {t('hold.extend')}
        </button>
      )}
    </div>
  );
}
