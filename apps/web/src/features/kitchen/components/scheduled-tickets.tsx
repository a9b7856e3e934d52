import { useTranslation } from '../../../i18n/use-translation.ts';
import { groupTickets, type KitchenLine } from '../tickets.ts';
import type { BoardProps } from './kitchen-board.tsx';
import { TicketCard } from './ticket-card.tsx';

/**
 * Takeaway orders accepted for later (decision 041): shown apart with the time each starts, so the
 * kitchen sees what is coming without it crowding the queue; each joins the queue at its firing time.
 */
export function ScheduledTickets(props: BoardProps & { lines: readonly KitchenLine[] }) {
  const { t } = useTranslation('kitchen');
  if (props.lines.length === 0) return null;
  const tickets = groupTickets(props.lines, { ungrouped: false, newestFirst: false });
  return (
    <section className="kitchen-scheduled" aria-label={t('scheduled.heading')}>
      <h2 className="kitchen-section__title">{t('scheduled.heading')}</h2>
      <div className="kitchen-board">
        {tickets.map((ticket) => (
          <TicketCard
            key={ticket.key}
            ticket={ticket}
            now={props.now}
            scheduled
            showChoices={props.options.showChoices}
            lineButtons={['startPreparation']}
            busy={props.feed.busy}
            onAction={(operation, chosen) => void props.act(operation, chosen)}
          />
        ))}
      </div>
    </section>
  );
}
