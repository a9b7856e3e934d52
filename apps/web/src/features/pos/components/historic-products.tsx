import type { FloorReservation } from '@sobremesa/contracts';
import { useTranslation } from 'react-i18next';

/** Spec §4's product order statuses, by the names the `pos` namespace gives them. */
const STATUS_KEYS: Readonly<Record<number, string>> = {
  0: 'created',
  1: 'accepted',
  2: 'preparing',
  3: 'ready',
  4: 'consuming',
  5: 'consumed',
  6: 'retired',
  7: 'hotTable',
  100: 'served',
  [-1]: 'cancelled',
  [-2]: 'error',
  [-3]: 'loss',
  [-4]: 'rejected',
};

export interface HistoricProductsProps {
  readonly reservation: FloorReservation;
  readonly money: (cents: number) => string;
}

/**
 * The historic-products overlay (spec §2): every line the account ever had, cancelled ones included and
 * struck out, so the cashier can answer "we never got the second bottle" before charging.
 */
export function HistoricProducts({ reservation, money }: HistoricProductsProps) {
  const { t } = useTranslation('pos');
  const lines = reservation.cartSession?.productOrders ?? [];
  if (lines.length === 0) return <p className="muted">{t('historic.empty')}</p>;
  return (
    <ul className="pos-historic">
      {lines.map((line) => (
        <li
          key={line.productOrderId}
          className={
            line.statusProductOrder < 0 ? 'pos-historic__line pos-historic__line--void' : 'pos-historic__line'
          }
        >
          <span>
            {line.units}× {line.name}
          </span>
          <span className="muted">
            {t(`status.${STATUS_KEYS[line.statusProductOrder] ?? 'unknown'}` as 'status.created')}
          </span>
          <span className="pos-amount">{money(line.units * line.priceCents)}</span>
        </li>
      ))}
    </ul>
  );
}
