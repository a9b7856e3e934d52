import type { StaffTakeawayOrder } from '@sobremesa/contracts';
import type { Locale } from '@sobremesa/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../i18n/format.ts';
import { actionsOf } from '../takeaway-board.ts';
import { RefuseForm } from './refuse-form.tsx';

export interface TakeawayOrderCardProps {
  readonly order: StaffTakeawayOrder;
  readonly money: (cents: number) => string;
  readonly timeZone: string;
  readonly locale: Locale;
  readonly onAccept: () => Promise<boolean>;
  readonly onRefuse: (reason: string) => Promise<boolean>;
  readonly onReady: () => Promise<boolean>;
  readonly onOutForDelivery: () => Promise<boolean>;
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
  const [busy, setBusy] = useState(false);
  const actions = actionsOf(order);
  const time = formatTime(new Date(order.pickupDateTime), locale, timeZone);

  async function act(move: () => Promise<boolean>) {
    setBusy(true);
    try {
      await move();
    } finally {
      setBusy(false);
    }
  }

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
            onCancel={() => setRefusing(false)}
            onRefuse={async (reason) => {
              const done = await props.onRefuse(reason);
              if (done) setRefusing(false);
              return done;
            }}
          />
        ) : (
          actions.length > 0 && (
            <div className="takeaway-order__actions">
              {actions.includes('accept') && (
                <button
                  type="button"
                  className="button button--primary button--large"
                  disabled={busy}
                  onClick={() => void act(props.onAccept)}
                >
                  {t('actions.accept')}
                </button>
              )}
              {actions.includes('refuse') && (
                <button
                  type="button"
                  className="button button--large"
                  disabled={busy}
                  onClick={() => setRefusing(true)}
                >
                  {t('actions.refuse')}
                </button>
              )}
              {actions.includes('ready') && (
                <button
                  type="button"
                  className="button button--primary button--large"
                  disabled={busy}
                  onClick={() => void act(props.onReady)}
                >
                  {t('actions.ready')}
                </button>
              )}
              {actions.includes('outForDelivery') && (
                <button
                  type="button"
                  className="button button--primary button--large"
                  disabled={busy}
                  onClick={() => void act(props.onOutForDelivery)}
                >
                  {t('actions.outForDelivery')}
                </button>
              )}
              {actions.includes('chargeAndHandOver') && (
                <button
                  type="button"
                  className="button button--primary button--large"
                  disabled={busy}
                  onClick={props.onCharge}
                >
                  {t('actions.chargeAndHandOver')}
                </button>
              )}
              {actions.includes('issueAndHandOver') && (
                <button
                  type="button"
                  className="button button--primary button--large"
                  disabled={busy}
                  onClick={props.onCharge}
                >
                  {t('actions.delivered')}
                </button>
              )}
              {actions.includes('handOver') && (
                <button
                  type="button"
                  className="button button--primary button--large"
                  disabled={busy}
                  onClick={props.onHandOver}
                >
                  {t('actions.delivered')}
                </button>
              )}
            </div>
          )
        )}
      </article>
    </li>
  );
}
