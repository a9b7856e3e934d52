import type { GetTakeawayResponse, StaffTakeawayOrder } from '@sobremesa/contracts';
import type { Locale } from '@sobremesa/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Modal } from '../../../components/modal/modal.tsx';
import { formatDateShape } from '../../../i18n/format.ts';
import { useMoveOrder } from '../api/move-order.ts';
import { BOARD_GROUPS, boardOf } from '../takeaway-board.ts';
import { moveOutcome } from './move-outcome.ts';
import { PauseControl } from './pause-control.tsx';
import { TakeawayOrderCard } from './takeaway-order-card.tsx';

export interface TakeawayBoardProps {
  readonly day: UseQueryResult<GetTakeawayResponse>;
  /** The service day shown (`yyyy-MM-dd`), `ahead` days after the current one. */
  readonly date: string;
  readonly ahead: number;
  readonly onAhead: (ahead: number) => void;
  readonly roleId: number | null;
  readonly money: (cents: number) => string;
  readonly timeZone: string;
  readonly locale: Locale;
  readonly counterPayment: (order: StaffTakeawayOrder, onIssued: () => void) => ReactNode;
}

/**
 * The day's orders grouped as they cross the counter (new, in the kitchen, ready, handed over, and the
 * refused ones apart), each by pickup time; the pause of online orders on top; and the counter's payment
 * of a ready order, over the board.
 */
export function TakeawayBoard(props: TakeawayBoardProps) {
  const { day, date, ahead, onAhead, roleId, money, timeZone, locale, counterPayment } = props;
  const { t } = useTranslation('takeawayStaff');
  const headingId = useId();
  const [charging, setCharging] = useState<StaffTakeawayOrder | null>(null);

  const handing = useMoveOrder(roleId);

  const handOver = (order: StaffTakeawayOrder) =>
    handing.mutate(
      { orderId: order.id, move: { kind: 'advance', status: 'delivered' } },
      moveOutcome(t('done.delivered', { number: order.number }), t('errors.move')),
    );

  const dayNavigation = (
    <nav className="takeaway-board__days" aria-label={t('days.label')}>
      <button
        type="button"
        className="button button--large"
        disabled={ahead === 0}
        onClick={() => onAhead(ahead - 1)}
      >
        {t('days.previous')}
      </button>
      <p className="takeaway-board__day" aria-live="polite">
        {ahead === 0
          ? t('days.today', {
              date: formatDateShape(new Date(`${date}T12:00:00Z`), locale, 'UTC', 'weekdayDayMonthLong'),
            })
          : formatDateShape(new Date(`${date}T12:00:00Z`), locale, 'UTC', 'weekdayDayMonthLong')}
      </p>
      <button type="button" className="button button--large" onClick={() => onAhead(ahead + 1)}>
        {t('days.next')}
      </button>
    </nav>
  );

  if (day.isPending) return <p className="muted">{t('loading')}</p>;
  if (day.isError)
    return (
      <p className="notice notice--error" role="alert">
        <span className="notice__body">{t('errors.load')}</span>
      </p>
    );

  const board = boardOf(day.data.accounts);
  return (
    <div className="takeaway-board">
      {dayNavigation}
      <PauseControl pause={day.data.pause} roleId={roleId} timeZone={timeZone} locale={locale} />
      {day.data.accounts.length === 0 && <p className="takeaway-board__empty">{t('empty')}</p>}
      <div className="takeaway-board__groups">
        {BOARD_GROUPS.map((group) => {
          const orders = board.get(group) ?? [];
          if (group === 'refused' && orders.length === 0) return null;
          return (
            <section
              key={group}
              className="takeaway-group"
              data-group={group}
              aria-labelledby={`${headingId}-${group}`}
            >
              <h2 className="takeaway-group__title" id={`${headingId}-${group}`}>
                {t(`groups.${group}`)} <span className="takeaway-group__count">{orders.length}</span>
              </h2>
              {orders.length === 0 ? (
                <p className="muted">{t('groupEmpty')}</p>
              ) : (
                <ul className="takeaway-group__orders">
                  {orders.map((order) => (
                    <TakeawayOrderCard
                      key={order.id}
                      order={order}
                      money={money}
                      timeZone={timeZone}
                      locale={locale}
                      roleId={roleId}
                      onCharge={() => setCharging(order)}
                      onHandOver={() => handOver(order)}
                    />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
      {charging && (
        <Modal
          open
          size="large"
          className="pos-overlay"
          title={t('charge.title', { number: charging.number, name: charging.name })}
          onClose={() => setCharging(null)}
        >
          {counterPayment(charging, () => handOver(charging))}
        </Modal>
      )}
    </div>
  );
}
