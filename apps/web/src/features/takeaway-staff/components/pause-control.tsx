import { TAKEAWAY_PAUSES, type TakeawayPause } from '@sobremesa/contracts';
import type { Locale } from '@sobremesa/domain';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { formatTime } from '../../../i18n/format.ts';
import { usePauseOrders, type PauseChange } from '../api/pause-orders.ts';
import type { TakeawayPauseChoice } from '../api/takeaway-staff-api.ts';
import { moveOutcome } from './move-outcome.ts';

export interface PauseControlProps {
  readonly pause: TakeawayPause;
  readonly roleId: number | null;
  readonly timeZone: string;
  readonly locale: Locale;
}

/**
 * "Pausar pedidos online" for 15, 30 or 60 minutes or until resumed; while paused, until when and
 * "Reanudar". The guest form refuses orders meanwhile (the server's `paused_until`).
 */
export function PauseControl({ pause, roleId, timeZone, locale }: PauseControlProps) {
  const { t } = useTranslation('takeawayStaff');
  const pausing = usePauseOrders(roleId);
  const busy = pausing.isPending;
  const paused = pause.pausedUntil !== null || pause.untilResumed;

  const change = (next: PauseChange, done: string) =>
    pausing.mutate(next, moveOutcome(done, t('errors.pause')));

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
            onClick={() => change('resume', t('pause.resumed'))}
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
                onClick={() => change({ pause: choice }, t('pause.done', { what: choiceLabel(choice) }))}
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
