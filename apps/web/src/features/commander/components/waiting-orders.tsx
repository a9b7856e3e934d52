import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../components/toast/toast-store.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import { COMMANDER_QUERY_KEY, processOrder, waitingOrdersQuery } from '../commander-api.ts';

export interface WaitingOrdersProps {
  readonly reservationWid: string;
  readonly roleId: number | null;
  readonly formatMoney: (cents: number) => string;
}

/**
 * The table's guest orders waiting for staff (`cartStaffValidation`): each can be validated with the
 * role (`processorder`), which sends it to kitchen and bar. Nothing shows when none wait (or while the
 * list cannot be read).
 */
export function WaitingOrders({ reservationWid, roleId, formatMoney }: WaitingOrdersProps) {
  const { t } = useTranslation('commander');
  const client = useQueryClient();
  // Not suspended: a failure here must not keep staff from taking the order below.
  const { data } = useQuery(waitingOrdersQuery(reservationWid, roleId));
  const [busy, setBusy] = useState<number | null>(null);
  if (!data || data.cartSessionOrders.length === 0) return null;

  async function validate(id: number) {
    setBusy(id);
    try {
      await processOrder(id, roleId);
      toast.success(t('waiting.validated'));
    } catch (error) {
      toast.error(serverMessage(error, t('errors.network')));
    } finally {
      setBusy(null);
      await client.invalidateQueries({ queryKey: COMMANDER_QUERY_KEY });
    }
  }

  return (
    <section className="commander-waiting" aria-label={t('waiting.title')}>
      <h3 className="commander-waiting__title">{t('waiting.title')}</h3>
      <ul className="commander-waiting__list">
        {data.cartSessionOrders.map((order) => (
          <li key={order.id} className="commander-waiting__order">
            <ul className="commander-waiting__items">
              {order.items
                .filter((item) => item.parentId === null)
                .map((item) => (
                  <li key={item.productOrderId}>
                    {item.units} × {item.name}
                    {item.choices.length > 0 &&
                      ` (${item.choices.map((choice) => choice.choiceName).join(', ')})`}
                    {item.comments && <span className="commander-line__note"> — {item.comments}</span>}
                  </li>
                ))}
            </ul>
            {order.clientMessage && <p className="commander-line__note">{order.clientMessage}</p>}
            <div className="commander-waiting__actions">
              <strong>{formatMoney(order.totalCents)}</strong>
              <button
                type="button"
                className="button button--primary button--large"
                disabled={busy !== null}
                onClick={() => void validate(order.id)}
              >
                {t('waiting.validate')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
