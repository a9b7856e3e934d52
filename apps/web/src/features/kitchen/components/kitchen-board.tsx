import type { GetByRoleResponse } from '@sobremesa/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LineOperation } from '../api/update-lines.ts';
import { playKitchenSound } from '../kitchen-sound.ts';
import { courseToFire, kitchenBoardLines, splitScheduled, type ScreenFilter } from '../kitchen-views.ts';
import { groupTickets, type KitchenLine } from '../tickets.ts';
import { useArrivals } from '../use-arrivals.ts';
import type { KitchenFeed } from '../use-kitchen-feed.ts';
import type { StationViewOptions } from '../view-options.ts';
import { ScheduledTickets } from './scheduled-tickets.tsx';
import { TicketCard } from './ticket-card.tsx';
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
        <div className="kitchen-board">
          {tickets.map((ticket) => (
            <TicketCard
              key={ticket.key}
              ticket={ticket}
              now={props.now}
              showChoices={options.showChoices}
              lineButtons={['startPreparation', 'finishPreparation', 'reject']}
              busy={feed.busy}
              onAction={(operation, chosen) => void props.act(operation, chosen)}
              onBump={bumpOf(ticket, props.act)}
              footer={
                <TicketFooter
                  ticket={ticket}
                  act={props.act}
                  bulk={['startPreparation', 'finishPreparation']}
                  fire={() => void feed.fire(ticket.reservationId, courseToFire(day, ticket.lines))}
                />
              }
            />
          ))}
        </div>
      )}
      <ScheduledTickets lines={scheduled} {...props} />
    </>
  );
}
