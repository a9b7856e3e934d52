import type { GetByRoleResponse } from '@sobremesa/contracts';
import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { LineOperation } from '../api/update-lines.ts';
import { playKitchenSound } from '../kitchen-sound.ts';
import { courseToFire, kitchenBoardLines, splitScheduled, type ScreenFilter } from '../kitchen-views.ts';
import { groupTickets, type KitchenLine, type Ticket } from '../tickets.ts';
import { useArrivals } from '../use-arrivals.ts';
import type { KitchenFeed } from '../use-kitchen-feed.ts';
import type { StationViewOptions } from '../view-options.ts';
import { ScheduledTickets } from './scheduled-tickets.tsx';
import { TicketCard, type LineButton } from './ticket-card.tsx';
import { bumpOf, TicketFooter } from './ticket-footer.tsx';

export interface BoardProps {
  readonly day: GetByRoleResponse;
  readonly feed: KitchenFeed;
  readonly now: string;
  readonly filter: ScreenFilter;
  readonly options: StationViewOptions;
  readonly act: (operation: LineOperation, lines: readonly KitchenLine[]) => Promise<void>;
}

/** Plays the new-ticket alert when lines to cook appear (a new order, or a course fired). */
export function useNewTicketAlert(lines: readonly KitchenLine[]) {
  const toCook = useMemo(() => lines.filter((line) => !line.held), [lines]);
  useArrivals(toCook, () => playKitchenSound('newTicket'));
}

/** Cocina: one ticket per table, bump per line or for the whole ticket, fire the next course. */
export function KitchenBoard(props: BoardProps) {
  const { day, feed, options } = props;
  const { t } = useTranslation('kitchen');
  const all = useMemo(() => kitchenBoardLines(day, props.filter), [day, props.filter]);
  const { queue: lines, scheduled } = useMemo(() => splitScheduled(all, props.now), [all, props.now]);
  useNewTicketAlert(lines);
  const tickets = groupTickets(lines, options);
  return (
    <>
      {tickets.length === 0 ? (
        <p className="kitchen__empty">{t('empty.Cocina')}</p>
      ) : (
        <CookTickets
          tickets={tickets}
          board={props}
          bulk={['startPreparation', 'finishPreparation']}
          fire={(ticket) => void feed.fire(ticket.reservationId, courseToFire(day, ticket.lines))}
        />
      )}
      <ScheduledTickets lines={scheduled} {...props} />
    </>
  );
}

/**
 * The tickets a station cooks, each with its line buttons (reject asks line by line), bumped whole by a long
 * press or swipe, and below it the buttons for all its lines (and firing its next course, where the station does).
 */
export function CookTickets(props: {
  readonly tickets: readonly Ticket[];
  readonly board: BoardProps;
  readonly bulk: readonly Exclude<LineButton, 'reject'>[];
  readonly fire?: (ticket: Ticket) => void;
}) {
  const { board, bulk, fire } = props;
  return (
    <div className="kitchen-board">
      {props.tickets.map((ticket) => (
        <TicketCard
          key={ticket.key}
          ticket={ticket}
          now={board.now}
          showChoices={board.options.showChoices}
          lineButtons={['startPreparation', 'finishPreparation', 'reject']}
          busy={board.feed.busy}
          onAction={(operation, chosen) => void board.act(operation, chosen)}
          onBump={bumpOf(ticket, board.act)}
          footer={
            <TicketFooter
              ticket={ticket}
              act={board.act}
              bulk={bulk}
              {...(fire ? { fire: () => fire(ticket) } : {})}
            />
          }
        />
      ))}
    </div>
  );
}
