import type { StaffTakeawayOrder } from '@sobremesa/contracts';
import { addDays, type IsoDate } from '@sobremesa/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Modal } from '../../../components/modal/modal.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { formatMoney } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { newCount } from '../takeaway-board.ts';
import { isTakeawayEvent, TAKEAWAY_STAFF_QUERY_KEY, takeawayDayQuery } from '../api/takeaway-staff-api.ts';
import { TakeawayBoard } from './takeaway-board.tsx';
import '../takeaway-staff.css';
import { useRealtimeEvents } from '../../../lib/realtime.tsx';

export interface TakeawayTabProps {
  readonly roleId: number | null;
  /** The server's logical date: the board is that service day's orders. */
  readonly logicalDate: string;
  readonly timeZone: string;
  readonly currency: string;
  /** Rings the tablet for a new order (the notifications' alert), with the text it may speak. */
  readonly onNewOrder: (text: string) => void;
  /**
   * The point of sale's payment flow for an order's account (features do not import each other: the
   * route composes it); `onIssued` is called once its bill is issued.
   */
  readonly counterPayment: (order: StaffTakeawayOrder, onIssued: () => void) => ReactNode;
}

/**
 * The copilot's "Para llevar" tab (issue 27): a button with the count of new orders, live, opening the
 * day's takeaway and delivery board; a new order rings the tablet and says its number.
 */
export function TakeawayTab(props: TakeawayTabProps) {
  const { roleId, logicalDate, timeZone, currency, onNewOrder } = props;
  const { t } = useTranslation('takeawayStaff');
  const { locale } = useLocale();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  // Days after the service day: staff look ahead at orders placed for later (the service day is the default).
  const [ahead, setAhead] = useState(0);
  const date = addDays(logicalDate as IsoDate, ahead);
  const day = useQuery(takeawayDayQuery(date));
  const money = useCallback((cents: number) => formatMoney(cents, locale, currency), [locale, currency]);

  useRealtimeEvents((event) => {
    if (!isTakeawayEvent(event)) return;
    void client.invalidateQueries({ queryKey: TAKEAWAY_STAFF_QUERY_KEY });
    if (event.topic !== 'takeaway.created') return;
    const { number } = event.payload as { number?: unknown };
    const text = t('alert', { number: typeof number === 'number' ? number : '' });
    onNewOrder(text);
    toast.success(text);
  });

  const orders = day.data?.accounts ?? [];
  const count = newCount(orders);
  const paused = day.data && (day.data.pause.pausedUntil !== null || day.data.pause.untilResumed);

  return (
    <>
      <button
        type="button"
        className={paused ? 'button takeaway-tab takeaway-tab--paused' : 'button takeaway-tab'}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <span>{t('open')}</span>
        {count > 0 && (
          <span className="takeaway-tab__badge" data-testid="takeaway-new-count">
            <span aria-hidden="true">{count}</span>
            <span className="visually-hidden">{t('newCount', { count })}</span>
          </span>
        )}
        {paused && <span className="takeaway-tab__paused">{t('pause.pausedShort')}</span>}
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('title')}
        size="large"
        className="takeaway-overlay"
      >
        {open && (
          <TakeawayBoard
            day={day}
            date={date}
            ahead={ahead}
            onAhead={setAhead}
            roleId={roleId}
            money={money}
            timeZone={timeZone}
            locale={locale}
            counterPayment={props.counterPayment}
          />
        )}
      </Modal>
    </>
  );
}
