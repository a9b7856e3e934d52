import type { FloorReservation } from '@sobremesa/contracts';
import { productOrderStatusName, isClosedStatus } from '@sobremesa/domain';
import { useTranslation } from '../../../i18n/use-translation.ts';

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
            isClosedStatus(line.statusProductOrder)
              ? 'pos-historic__line pos-historic__line--void'
              : 'pos-historic__line'
          }
        >
          <span>
            {line.units}× {line.name}
          </span>
          <span className="muted">
            {t(`status.${productOrderStatusName(line.statusProductOrder) ?? 'unknown'}`)}
          </span>
          <span className="pos-amount">{money(line.units * line.priceCents)}</span>
        </li>
      ))}
    </ul>
  );
}
