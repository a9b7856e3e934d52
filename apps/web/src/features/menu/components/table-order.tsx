import type { GuestOrderLine, GuestOrderResponse } from '@sobremesa/contracts';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { tableOrderEntries } from '../table-order-model.ts';

interface TableOrderProps {
  readonly order: GuestOrderResponse | undefined;
  readonly failed: boolean;
  readonly formatMoney: (cents: number) => string;
}

/**
 * What the table has ordered (every round, from any phone or the waiter) and how far each dish is, in
 * words, not colour alone (issue 18 item 6, decision 028).
 */
export function TableOrder({ order, failed, formatMoney }: TableOrderProps) {
  const { t } = useTranslation('menu');
  const headingId = useId();
  if (!order) {
    return failed ? <p className="notice notice--error">{t('order.loadFailed')}</p> : null;
  }
  return (
    <section className="table-order" aria-labelledby={headingId}>
      <h3 id={headingId} className="table-order__title">
        {t('order.title')}
      </h3>
      {order.lines.length === 0 ? (
        <p className="muted">{t('order.empty')}</p>
      ) : (
        <>
          <ul className="table-order__lines">
            {tableOrderEntries(order.lines).map(({ line, courses }) => (
              <li key={line.productOrderId} className="table-order__line">
                <OrderedDish line={line} formatMoney={formatMoney} showState={courses.length === 0} />
                {courses.length > 0 && (
                  <ul className="table-order__courses">
                    {courses.map((course) => (
                      <li key={course.productOrderId}>
                        <OrderedDish line={course} formatMoney={formatMoney} showState />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          <p className="menu-cart__sum">
            <span>{t('order.total')}</span> <strong>{formatMoney(order.totalCents)}</strong>
          </p>
        </>
      )}
    </section>
  );
}

function OrderedDish({
  line,
  formatMoney,
  showState,
}: {
  line: GuestOrderLine;
  formatMoney: (cents: number) => string;
  showState: boolean;
}) {
  const { t } = useTranslation('menu');
  const notMade = line.state === 'notMade';
  return (
    <div className={`table-order__dish${notMade ? ' table-order__dish--not-made' : ''}`}>
      <p className="table-order__name">
        {line.name}
        {line.units > 1 && <span className="muted"> · {t('cart.pieces', { count: line.units })}</span>}
      </p>
      <p className="table-order__price">
        {notMade ? t('order.notCharged') : line.totalCents > 0 ? formatMoney(line.totalCents) : ''}
      </p>
      {line.choices.length > 0 && <p className="muted table-order__choices">{line.choices.join(' · ')}</p>}
      {showState && (
        <p className={`table-order__state table-order__state--${line.state}`}>
          {t(`order.state.${line.state}`)}
        </p>
      )}
    </div>
  );
}
