import type { PaidOrders } from '../payments/payments.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import { rejectOrder } from './takeaway-moves.ts';
import { lockOrder, updateOrder } from './takeaway.repository.ts';

/**
 * What an online payment's outcome does to its takeaway order (decision 039), handed to payments by the
 * app: paid, the order is received and staff see it; not paid, it fails and its pickup time is free again.
 */
export const takeawayPaidOrders: PaidOrders = {
  async lockUnpaid(tx, venue, takeawayOrderId) {
    const found = await lockOrder(tx, venue.id, takeawayOrderId);
    return found?.order.status === 'pending_payment' ? found.order : undefined;
  },

  async markPaid(tx, venue, order, amountCents) {
    const paid = await updateOrder(tx, venue.id, order.id, { status: 'received' });
    await appendEvent(tx, venue.id, 'takeaway.paid', {
      takeawayOrderId: paid.id,
      reservationId: paid.reservationId,
      number: paid.number,
      amountCents,
    });
  },

  /** Its lines rejected and its pickup time given back. */
  async failUnpaid(tx, venue, takeawayOrderId, now) {
    const found = await lockOrder(tx, venue.id, takeawayOrderId);
    if (found?.order.status !== 'pending_payment') return;
    await rejectOrder(tx, venue, found.order, now);
    await updateOrder(tx, venue.id, found.order.id, { status: 'payment_failed' });
  },
};
