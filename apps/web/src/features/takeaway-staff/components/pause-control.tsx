import { TAKEAWAY_PAUSES, type TakeawayPause } from '@sobremesa/contracts';
import type { Locale } from '@sobremesa/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast/toast-store.ts';
import { formatTime } from '../../../i18n/format.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import type { TakeawayCalls, TakeawayPauseChoice } from '../takeaway-staff-api.ts';

export interface PauseControlProps {
  readonly pause: TakeawayPause;
  readonly calls: TakeawayCalls;
  readonly timeZone: string;
  readonly locale: Locale;
  readonly onChanged: () => void;
}

/**
 * "Pausar pedidos online" for 15, 30 or 60 minutes or until resumed; while paused, until when and
 * "Reanudar". The guest form refuses orders meanwhile (the server's `paused_until`).
 */
export function PauseControl({ pause, calls, timeZone, locale, onChanged }: PauseControlProps) {
  const { t } = useTranslation('takeawayStaff');
  const [busy, setBusy] = useState(false);
  const paused = pause.pausedUntil !== null || pause.untilResumed;

  async function change(move: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await move();
      toast.success(done);
    } catch (error) {
      toast.error(serverMessage(error, t('errors.pause')));
    } finally {
      setBusy(false);
      onChanged();
    }
  }

  const choiceLabel = (choice: TakeawayPauseChoice) =>
    choice === 'untilResumed' ? t('pause.untilResumed') : t('pause.minutes', { count: choice });

  return (
    <section
      className={paused ? 'takeaway-pause takeaway-pause--on' : 'takeaway-pause'}
      aria-label={t('pause.label')}
    >
      {paused ? (
        <>
          <p className="takeaway-pause__state" role="status">
            {pause.pausedUntil !== null
              ? t('pause.pausedUntil', { time: formatTime(new Date(pause.pausedUntil), locale, timeZone) })
              : t('pause.pausedUntilResumed')}
          </p>
          <button
            type="button"
            className="button button--primary button--large"
            disabled={busy}
            onClick={() => void change(() => calls.resume(), t('pause.resumed'))}
          >
            {t('pause.resume')}
          </button>
        </>
      ) : (
        <>
          <p className="takeaway-pause__state">{t('pause.taking')}</p>
          <div className="takeaway-pause__choices" role="group" aria-label={t('pause.action')}>
            <span className="takeaway-pause__action" aria-hidden="true">
              {t('pause.action')}
            </span>
            {TAKEAWAY_PAUSES.map((choice) => (
              <button
                key={choice}
                type="button"
                className="button button--large"
                disabled={busy}
                onClick={() =>
                  void change(() => calls.pause(choice), t('pause.done', { what: choiceLabel(choice) }))
                }
              >
                {choiceLabel(choice)}
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
