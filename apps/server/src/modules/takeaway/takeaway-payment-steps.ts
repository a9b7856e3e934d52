import type { Transaction } from '../../db/database.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  lockOrder,
  rejectAccount,
  releaseSlotPlace,
  updateOrder,
  type TakeawayOrderRow,
} from './takeaway.repository.ts';

export type { TakeawayOrderRow };

/**
 * What an online payment's outcome does to its takeaway order (decision 039), for the payments module:
 * paid, the order is received and staff see it; not paid, it fails and its pickup time is free again.
 */

/** The order waiting for its payment, locked; undefined when it is gone or no longer waiting. */
export async function lockUnpaidOrder(
  tx: Transaction,
  venue: Venue,
  takeawayOrderId: number,
): Promise<TakeawayOrderRow | undefined> {
  const found = await lockOrder(tx, venue.id, takeawayOrderId);
  return found?.order.status === 'pending_payment' ? found.order : undefined;
}

export async function markOrderPaid(
  tx: Transaction,
  venue: Venue,
  order: TakeawayOrderRow,
  amountCents: number,
): Promise<void> {
  const paid = await updateOrder(tx, venue.id, order.id, { status: 'received' });
  await appendEvent(tx, venue.id, 'takeaway.paid', {
    takeawayOrderId: paid.id,
    reservationId: paid.reservationId,
    number: paid.number,
    amountCents,
  });
}

/** An order whose payment did not happen: failed, its lines rejected and its pickup time given back. */
export async function failUnpaidOrder(
  tx: Transaction,
  venue: Venue,
  takeawayOrderId: number,
  now: Date,
): Promise<void> {
  const order = await lockUnpaidOrder(tx, venue, takeawayOrderId);
  if (!order) return;
  await rejectAccount(tx, venue.id, order.reservationId, now);
  await releaseSlotPlace(tx, venue.id, order.pickupAt);
  await updateOrder(tx, venue.id, order.id, { status: 'payment_failed' });
}
