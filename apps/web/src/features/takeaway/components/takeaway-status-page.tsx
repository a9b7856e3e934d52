import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { formatEuros } from '../../../i18n/euro-format.ts';
import { formatDate, formatTime } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { takeawayApi, type TakeawayOrderView } from '../takeaway-api.ts';
import { useOrderStream } from '../use-order-stream.ts';

/** How often the page asks for news of an order still on its way while the live stream is down. */
const REFRESH_MS = 10_000;
const PAYMENT_REFRESH_MS = 2_000;

const isFinished = (status: TakeawayOrderView['status'] | undefined) =>
  status === 'delivered' || status === 'refused' || status === 'payment_failed';

const PICKUP_STEPS = ['received', 'accepted', 'preparing', 'ready', 'delivered'] as const;
const DELIVERY_STEPS = [
  'received',
  'accepted',
  'preparing',
  'ready',
  'out_for_delivery',
  'delivered',
] as const;

/** Where the order stands, for the steps list: done, current or to come. */
function stepsOf(order: TakeawayOrderView) {
  const steps: readonly string[] = order.mode === 'delivery' ? DELIVERY_STEPS : PICKUP_STEPS;
  const at = steps.indexOf(order.status);
  return steps.map((step, index) => ({
    step,
    state: index < at ? 'done' : index === at ? 'current' : 'next',
  }));
}

/**
 * The guest's order page (issue 27 item 3): its number to say at the counter, when to pick it up, the
 * steps it has gone through, updated while the page is open, and what it costs.
 */
export function TakeawayStatusPage({
  statusToken,
  timeZone,
  onNewOrder,
}: {
  statusToken: string;
  timeZone: string;
  onNewOrder: () => void;
}) {
  const { t } = useTranslation('takeaway');
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const queryKey = ['takeaway', 'status', statusToken];
  const statusQuery = { queryKey, queryFn: () => takeawayApi.status(statusToken) };
  // The stream opens on what the order says, and the polling below depends on the stream: this first reader
  // of the same query gives the stream its key. A finished order has nothing more to hear: its stream closes.
  const loaded = useQuery(statusQuery).data?.order;
  const liveKey = loaded && !isFinished(loaded.status) ? loaded.liveKey : null;
  const stream = useOrderStream(liveKey, () => void queryClient.invalidateQueries({ queryKey }));
  const query = useQuery({
    ...statusQuery,
    // Polling only as the fallback of the live stream (decision 041), and while the payment provider's
    // answer is on its way (it reaches the server, not the stream).
    refetchInterval: (current) => {
      const status = current.state.data?.order.status;
      if (isFinished(status)) return false;
      if (status === 'pending_payment') return PAYMENT_REFRESH_MS;
      return stream === 'live' ? false : REFRESH_MS;
    },
  });
  if (query.isPending)
    return (
      <p role="status" className="takeaway__loading">
        <span className="spinner" aria-hidden="true" />
      </p>
    );
  if (query.isError) {
    const gone = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="takeaway">
        <h1 className="takeaway__heading">{gone ? t('status.notFound') : query.error.message}</h1>
        <button type="button" className="button button--primary" onClick={onNewOrder}>
          {t('status.another')}
        </button>
      </div>
    );
  }
  const { order } = query.data;
  const pickup = new Date(order.pickupDateTime);
  const when = `${formatDate(pickup, locale, timeZone, 'long')} ${formatTime(pickup, locale, timeZone)}`;
  return (
    <div className="takeaway takeaway--status">
      <h1 className="takeaway__heading">{t('status.heading', { number: order.number })}</h1>
      <p className="takeaway__number" aria-hidden="true">
        {order.number}
      </p>
      {order.mode === 'pickup' && <p>{t('status.sayNumber')}</p>}
      <p>{order.mode === 'pickup' ? t('status.pickupAt', { when }) : t('status.deliveryAt', { when })}</p>
      {stream === 'down' && !isFinished(order.status) && (
        <p className="field__hint">{t('status.reconnecting')}</p>
      )}
      <p role="status" className="takeaway__current">
        {t('status.current', { step: t(`status.steps.${order.status}`) })}
      </p>
      <p className={order.payment.state === 'paid' ? 'takeaway__paid' : undefined}>
        {order.payment.method === 'at_pickup'
          ? t(order.mode === 'delivery' ? 'status.payment.onDelivery' : 'status.payment.atPickup')
          : t(`status.payment.${order.payment.state ?? 'pending'}`)}
      </p>
      {order.status === 'refused' ? (
        <p className="takeaway__error">{t('status.refused', { reason: order.refusalReason ?? '' })}</p>
      ) : order.status === 'payment_failed' ? null : (
        <ol className="takeaway__steps" aria-label={t('status.progress')}>
          {stepsOf(order).map(({ step, state }) => (
            <li
              key={step}
              className={`takeaway__step-item takeaway__step-item--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              {t(`status.steps.${step as TakeawayOrderView['status']}`)}
            </li>
          ))}
        </ol>
      )}
      <ul className="takeaway__cart">
        {order.lines.map((line, index) => (
          <li key={index}>
            <span>
              {line.units} × {line.name}
            </span>
            <span>{formatEuros(line.totalCents, locale)}</span>
          </li>
        ))}
        <li className="takeaway__total">
          <span>{t('status.total')}</span>
          <span>{formatEuros(order.totalCents, locale)}</span>
        </li>
      </ul>
      <button type="button" className="button" onClick={onNewOrder}>
        {t('status.another')}
      </button>
    </div>
  );
}
