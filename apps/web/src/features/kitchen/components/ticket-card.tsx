import { PRODUCT_ORDER_STATUS, isClosedStatus } from '@sobremesa/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { WarningIcon } from '../../../components/icons.tsx';
import { HourglassIcon } from '../../../components/staff-icons.tsx';
import type { LineOperation } from '../api/update-lines.ts';
import { ticketAge, ticketElapsed } from '../ticket-age.ts';
import { mergeIdenticalLines, type KitchenLine, type Ticket, type TicketTakeaway } from '../tickets.ts';
import { LineChoices } from './line-choices.tsx';
import { useBumpGesture } from './use-bump-gesture.ts';
import { TableAllergiesBand } from './table-allergies-band.tsx';

/** The line buttons a screen offers, in this order, when the line allows them. */
export type LineButton = LineOperation;

export interface TicketCardProps {
  readonly ticket: Ticket;
  /** The venue's time now (`yyyy-MM-dd HH:mm:ss`). */
  readonly now: string;
  /** Chosen options in full (one a row) rather than as a compact summary; they are always shown. */
  readonly showChoices: boolean;
  /** The buttons this screen offers on a line (each shown only when the line allows it). */
  readonly lineButtons: readonly LineButton[];
  readonly onAction: (operation: LineOperation, lines: readonly KitchenLine[]) => void;
  /** Ids of lines with a call under way: their buttons wait. */
  readonly busy: ReadonlySet<number>;
  /** Buttons for the whole ticket (bump all, fire the next course). */
  readonly footer?: ReactNode;
  /** A takeaway order not due yet: it says when it starts instead of how long it waits. */
  readonly scheduled?: boolean;
  /** Bumps the ticket on a long press or a swipe to the right (a shortcut of its buttons). */
  readonly onBump?: () => void;
}

/** One table's ticket: the table and how long it waits in large type, its lines with their buttons. */
export function TicketCard(props: TicketCardProps) {
  const { ticket, now } = props;
  const { t } = useTranslation('kitchen');
  const elapsed = ticketElapsed(ticket.since, now);
  const age = ticket.allHeld ? 'held' : ticketAge(ticket.since, now);
  const { takeaway } = ticket;
  // A rejection cannot be taken back: the line asks first (decision 052), its safe answer focused.
  const [asking, setAsking] = useState<number | null>(null);
  const table = takeaway
    ? t('takeaway.number', { number: takeaway.number })
    : (ticket.table ?? t('ticket.noTable'));
  const startsAt = takeaway ? t('takeaway.firesAt', { time: clockOf(takeaway.firesAt) }) : '';
  const gesture = useBumpGesture(props.onBump);
  return (
    <article
      {...gesture}
      data-bump={props.onBump ? 'gesture' : undefined}
      className="kitchen-ticket"
      data-age={props.scheduled ? 'scheduled' : age}
      data-reservation-id={ticket.reservationId}
      data-takeaway={takeaway?.mode}
      aria-label={
        props.scheduled
          ? `${table}, ${startsAt}`
          : t('ticket.label', { table, elapsed: elapsed === 'Nuevo' ? t('ticket.new') : elapsed })
      }
    >
      {takeaway && <TakeawayMark takeaway={takeaway} />}
      <header className="kitchen-ticket__head">
        <div>
          <div className="kitchen-ticket__table">{table}</div>
          <div className="kitchen-ticket__party">{ticket.partyName}</div>
        </div>
        <div className="kitchen-ticket__elapsed">
          {props.scheduled ? (
            startsAt
          ) : (
            <>
              <span className="visually-hidden">{t(`ticket.age.${age}`)} </span>
              {/* The age by shape as well as colour: an hourglass while it waits, a warning once late. */}
              {age === 'waiting' && <HourglassIcon className="kitchen-ticket__age-icon" />}
              {age === 'late' && <WarningIcon className="kitchen-ticket__age-icon" />}
              {ticket.allHeld ? t('ticket.heldShort') : elapsed === 'Nuevo' ? t('ticket.new') : elapsed}
            </>
          )}
        </div>
      </header>
      <TableAllergiesBand allergies={ticket.allergies} />
      {ticket.clientMessages.map((message) => (
        <p key={message} className="kitchen-ticket__message">
          {message}
        </p>
      ))}
      <ul className="kitchen-ticket__lines">
        {mergeIdenticalLines(ticket.lines).map((line) => (
          <li
            key={line.id}
            className="kitchen-line"
            data-line-id={line.id}
            data-status={line.status}
            data-held={line.held}
            data-ghost={line.isGhost}
            data-allergen-clash={line.allergenClash.length > 0}
          >
            <div className="kitchen-line__what">
              <span className="kitchen-line__name">
                <span className="kitchen-line__units">{line.units}×</span>
                {line.name}
              </span>
              <LineChoices choices={line.choices} full={props.showChoices} />
              {line.comments && <span className="kitchen-line__comment">{line.comments}</span>}
              {line.allergenClash.length > 0 && (
                <span className="kitchen-line__allergen" role="alert">
                  {t('line.allergenClash', { allergens: line.allergenClash.join(', ') })}
                </span>
              )}
              <span className="kitchen-line__state">
                {line.held
                  ? t('line.held', { course: line.course ?? '' })
                  : t(`status.${statusKey(line.status)}`)}
                {line.isGhost && ` · ${t('line.ghost')}`}
              </span>
            </div>
            {asking === line.id ? (
              <div
                className="kitchen-line__actions kitchen-line__confirm"
                role="group"
                aria-label={t('actions.askReject', { name: line.name })}
              >
                <span>{t('actions.askReject', { name: line.name })}</span>
                <button
                  type="button"
                  className="button button--large button--danger"
                  disabled={line.lines.some((each) => props.busy.has(each.id))}
                  onClick={() => {
                    setAsking(null);
                    props.onAction('reject', line.lines);
                  }}
                >
                  {t('actions.yesReject')}
                </button>
                <button
                  type="button"
                  className="button button--large"
                  // The question replaces the button tapped: the focus goes to its safe answer.
                  autoFocus
                  onClick={() => setAsking(null)}
                >
                  {t('actions.no')}
                </button>
              </div>
            ) : (
              <div className="kitchen-line__actions">
                {props.lineButtons
                  .filter((operation) => line.actions.includes(operation))
                  .map((operation) => (
                    <button
                      key={operation}
                      type="button"
                      className={
                        operation === 'finishPreparation' || operation === 'serve'
                          ? 'button button--primary button--large'
                          : 'button button--large'
                      }
                      disabled={line.lines.some((each) => props.busy.has(each.id))}
                      aria-label={t(`actions.${operation}Line`, { name: line.name })}
                      onClick={() =>
                        operation === 'reject' ? setAsking(line.id) : props.onAction(operation, line.lines)
                      }
                    >
                      {t(`actions.${operation}`)}
                    </button>
                  ))}
              </div>
            )}
          </li>
        ))}
      </ul>
      {props.footer && <div className="kitchen-ticket__actions">{props.footer}</div>}
    </article>
  );
}

/** The venue's wall clock of an instant written with the venue's offset (`…T20:30:00+01:00`). */
function clockOf(offsetDateTime: string): string {
  return offsetDateTime.slice(11, 16);
}

/** "Para llevar · 20:30" across the top of a takeaway ticket, big enough to read from the pass. */
function TakeawayMark({ takeaway }: { takeaway: TicketTakeaway }) {
  const { t } = useTranslation('kitchen');
  const time = clockOf(takeaway.pickupAt);
  return (
    <p className="kitchen-ticket__takeaway" data-mode={takeaway.mode}>
      <strong>{t(`takeaway.${takeaway.mode}`)}</strong>
      <span>
        {takeaway.mode === 'delivery' ? t('takeaway.deliveryAt', { time }) : t('takeaway.pickupAt', { time })}
      </span>
    </p>
  );
}

/** The statuses the kitchen names; anything else reads as its group (void or done). */
export function statusKey(
  status: number,
): 'pending' | 'preparing' | 'ready' | 'hot' | 'served' | 'void' | 'done' {
  if (status === PRODUCT_ORDER_STATUS.preparing) return 'preparing';
  if (status === PRODUCT_ORDER_STATUS.ready) return 'ready';
  if (status === PRODUCT_ORDER_STATUS.inHotTable) return 'hot';
  if (status === PRODUCT_ORDER_STATUS.served) return 'served';
  if (isClosedStatus(status)) return 'void';
  if (status >= PRODUCT_ORDER_STATUS.consuming) return 'done';
  return 'pending';
}
