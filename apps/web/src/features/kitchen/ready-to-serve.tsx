import { useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { TicketCard } from './components/ticket-card.tsx';
import { playKitchenSound } from './kitchen-sound.ts';
import { readyToServeLines } from './kitchen-views.ts';
import { groupTickets } from './tickets.ts';
import { useArrivals } from './use-arrivals.ts';
import { useKitchenFeed } from './use-kitchen-feed.ts';
import './kitchen.css';

export interface ReadyToServeProps {
  readonly roleId: number | null;
}

/**
 * What Sala has ready to serve (issue 7): food and drinks ready or on the hot table, per table, with a
 * serve button; the order-ready sound when something comes up. Hidden while nothing waits, so the
 * floor plan keeps the screen.
 */
export function ReadyToServe(props: ReadyToServeProps) {
  const { t } = useTranslation('kitchen');
  const feed = useKitchenFeed({ roleId: props.roleId });
  const { day } = feed;
  const lines = useMemo(() => (day ? readyToServeLines(day) : undefined), [day]);
  useArrivals(lines, () => playKitchenSound('orderReady'));
  const now = feed.now;
  if (!lines || lines.length === 0 || now === null) return null;
  const tickets = groupTickets(lines, { ungrouped: false, newestFirst: false });
  return (
    <section className="ready-to-serve" aria-label={t('readyToServe.title')}>
      <h2 className="ready-to-serve__title">{t('readyToServe.title')}</h2>
      <ul className="ready-to-serve__list">
        {tickets.map((ticket) => (
          <li key={ticket.key}>
            <TicketCard
              ticket={ticket}
              now={now}
              showChoices
              lineButtons={['serve']}
              busy={feed.busy}
              onAction={(operation, chosen) => void feed.run(operation, chosen)}
              footer={
                ticket.lines.filter((line) => line.actions.includes('serve')).length > 1 ? (
                  <button
                    type="button"
                    className="button button--primary button--large"
                    onClick={() =>
                      void feed.run(
                        'serve',
                        ticket.lines.filter((line) => line.actions.includes('serve')),
                      )
                    }
                  >
                    {t('actions.serveAll')}
                  </button>
                ) : undefined
              }
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
