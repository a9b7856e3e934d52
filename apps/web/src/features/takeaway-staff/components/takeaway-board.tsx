import type { GetTakeawayResponse, StaffTakeawayOrder } from '@sobremesa/contracts';
import type { Locale } from '@sobremesa/domain';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal/modal.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { formatDateShape } from '../../../i18n/format.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import { BOARD_GROUPS, boardOf } from '../takeaway-board.ts';
import { TAKEAWAY_STAFF_QUERY_KEY, type TakeawayCalls } from '../takeaway-staff-api.ts';
import { PauseControl } from './pause-control.tsx';
import { TakeawayOrderCard } from './takeaway-order-card.tsx';

export interface TakeawayBoardProps {
  readonly day: UseQueryResult<GetTakeawayResponse>;
  /** The service day shown (`yyyy-MM-dd`), `ahead` days after the current one. */
  readonly date: string;
  readonly ahead: number;
  readonly onAhead: (ahead: number) => void;
  readonly calls: TakeawayCalls;
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
  const { day, date, ahead, onAhead, calls, money, timeZone, locale, counterPayment } = props;
  const { t } = useTranslation('takeawayStaff');
  const client = useQueryClient();
  const headingId = useId();
  const [charging, setCharging] = useState<StaffTakeawayOrder | null>(null);

  const refresh = () => void client.invalidateQueries({ queryKey: TAKEAWAY_STAFF_QUERY_KEY });

  /** Runs a move; the server's refusal (another tablet moved it first) is shown as it words it. */
  async function run(move: () => Promise<unknown>, done: string): Promise<boolean> {
    try {
      await move();
      toast.success(done);
      return true;
    } catch (error) {
      toast.error(serverMessage(error, t('errors.move')));
      return false;
    } finally {
      refresh();
    }
  }

  function handOver(order: StaffTakeawayOrder) {
    void run(() => calls.advance(order.id, 'delivered'), t('done.delivered', { number: order.number }));
  }

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
      <PauseControl
        pause={day.data.pause}
        calls={calls}
        timeZone={timeZone}
        locale={locale}
        onChanged={refresh}
      />
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
                      onAccept={() =>
                        run(() => calls.accept(order.id), t('done.accepted', { number: order.number }))
                      }
                      onRefuse={(reason) =>
                        run(() => calls.refuse(order.id, reason), t('done.refused', { number: order.number }))
                      }
                      onReady={() =>
                        run(() => calls.advance(order.id, 'ready'), t('done.ready', { number: order.number }))
                      }
                      onOutForDelivery={() =>
                        run(
                          () => calls.advance(order.id, 'out_for_delivery'),
                          t('done.outForDelivery', { number: order.number }),
                        )
                      }
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
