import type { StaffTakeawayOrder } from '@sobremesa/contracts';
import type { Locale } from '@sobremesa/domain';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { formatTime } from '../../../i18n/format.ts';
import { useMoveOrder, type OrderMove } from '../api/move-order.ts';
import { actionsOf, type BoardAction } from '../takeaway-board.ts';
import { moveOutcome } from './move-outcome.ts';
import { RefuseForm } from './refuse-form.tsx';

/** The buttons of an order's moves, in the order the counter reads them, with what each says. */
const ACTION_BUTTONS = [
  { action: 'accept', label: 'actions.accept' },
  { action: 'refuse', label: 'actions.refuse' },
  { action: 'ready', label: 'actions.ready' },
  { action: 'outForDelivery', label: 'actions.outForDelivery' },
  { action: 'chargeAndHandOver', label: 'actions.chargeAndHandOver' },
  { action: 'issueAndHandOver', label: 'actions.delivered' },
  { action: 'handOver', label: 'actions.delivered' },
] as const satisfies readonly { readonly action: BoardAction; readonly label: string }[];

export interface TakeawayOrderCardProps {
  readonly order: StaffTakeawayOrder;
  readonly money: (cents: number) => string;
  readonly timeZone: string;
  readonly locale: Locale;
  readonly roleId: number | null;
  readonly onCharge: () => void;
  readonly onHandOver: () => void;
}

/**
 * One order as the counter reads it: its number big, who and when, how to call them, what goes in the
 * bag (options and notes), the total and whether it is paid, and the moves it allows now.
 */
export function TakeawayOrderCard(props: TakeawayOrderCardProps) {
  const { order, money, timeZone, locale } = props;
  const { t } = useTranslation('takeawayStaff');
  const [refusing, setRefusing] = useState(false);
  const moving = useMoveOrder(props.roleId);
  const busy = moving.isPending;
  const actions = actionsOf(order);
  const time = formatTime(new Date(order.pickupDateTime), locale, timeZone);
  const numbered = { number: order.number };

  const move = (next: OrderMove, done: string, after?: () => void) =>
    moving.mutate({ orderId: order.id, move: next }, moveOutcome(done, t('errors.move'), after));

  const tapped: Record<BoardAction, () => void> = {
    accept: () => move({ kind: 'accept' }, t('done.accepted', numbered)),
    refuse: () => setRefusing(true),
    ready: () => move({ kind: 'advance', status: 'ready' }, t('done.ready', numbered)),
    outForDelivery: () =>
      move({ kind: 'advance', status: 'out_for_delivery' }, t('done.outForDelivery', numbered)),
    chargeAndHandOver: props.onCharge,
    issueAndHandOver: props.onCharge,
    handOver: props.onHandOver,
  };

  return (
    <li className="takeaway-order" data-takeaway-id={order.id} data-status={order.status}>
      <article aria-label={t('order.label', { number: order.number, name: order.name })}>
        <header className="takeaway-order__head">
          <span className="takeaway-order__number">
            <span className="visually-hidden">{t('order.numberLabel')} </span>
            {order.number}
          </span>
          <div className="takeaway-order__who">
            <strong>{order.name}</strong>
            <a className="takeaway-order__phone" href={`tel:${order.phone.replace(/\s+/g, '')}`}>
              <span className="visually-hidden">{t('order.call', { name: order.name })} </span>
              {order.phone}
            </a>
          </div>
          <div className="takeaway-order__when">
            <time dateTime={order.pickupDateTime} className="takeaway-order__time">
              {time}
            </time>
            <span>{t(`mode.${order.mode}`)}</span>
          </div>
        </header>
        <p className="takeaway-order__status">{t(`status.${order.status}`)}</p>
        {order.mode === 'delivery' && order.address && (
          <p className="takeaway-order__address">
            {t('order.address', { address: [order.address, order.postalCode].filter(Boolean).join(', ') })}
          </p>
        )}
        <ul className="takeaway-order__lines" aria-label={t('order.lines')}>
          {order.lines.map((line, index) => (
            <li key={`${line.name}-${index}`}>
              <span>
                {line.units}× {line.name}
              </span>
              {line.options.length > 0 && (
                <span className="takeaway-order__options">{line.options.join(', ')}</span>
              )}
              {line.comment && <span className="takeaway-order__comment">{line.comment}</span>}
            </li>
          ))}
        </ul>
        {order.notes && <p className="takeaway-order__notes">{t('order.notes', { notes: order.notes })}</p>}
        {order.refusalReason && (
          <p className="takeaway-order__notes">{t('order.refusedFor', { reason: order.refusalReason })}</p>
        )}
        <p className="takeaway-order__money">
          <strong>{money(order.totalCents)}</strong>{' '}
          <span
            className={order.paid ? 'takeaway-order__paid' : 'takeaway-order__unpaid'}
            data-paid={order.paid}
          >
            {order.paid ? t('order.paid') : t('order.unpaid')}
          </span>
          {order.billIssued && <span className="muted"> · {t('order.billIssued')}</span>}
        </p>
        {refusing ? (
          <RefuseForm
            number={order.number}
            busy={busy}
            onCancel={() => setRefusing(false)}
            onRefuse={(reason) =>
              move({ kind: 'refuse', reason }, t('done.refused', numbered), () => setRefusing(false))
            }
          />
        ) : (
          actions.length > 0 && (
            <div className="takeaway-order__actions">
              {ACTION_BUTTONS.filter(({ action }) => actions.includes(action)).map(({ action, label }) => (
                <button
                  key={action}
                  type="button"
                  className={
                    action === 'refuse' ? 'button button--large' : 'button button--primary button--large'
                  }
                  disabled={busy}
                  onClick={tapped[action]}
                >
                  {t(label)}
                </button>
              ))}
            </div>
          )
        )}
      </article>
    </li>
  );
}
