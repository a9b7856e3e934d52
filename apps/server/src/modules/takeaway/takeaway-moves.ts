// What every move of a takeaway order does, whoever makes it: staff, the kitchen or a payment's outcome.
import { DELIVERY_FEE_SKU, formatOffsetDateTime, type TakeawayStatus } from '@sobremesa/domain';
import type { Transaction } from '../../db/database.ts';
import { rejectAccountLines } from '../kitchen/kitchen.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import { closeTakeawayAccount } from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import type { TakeawayNews } from './takeaway-email.ts';
import { notifyTakeawayChanged } from './takeaway-events.ts';
import { releaseSlotPlace } from './takeaway-slots.repository.ts';
import { updateOrder, type lockOrder, type TakeawayOrderRow } from './takeaway.repository.ts';

/** An order locked for a move, with its account's name and wid. */
export type Locked = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;

/** Records a move: the order's status, staff screens (outbox), the guest's live page (NOTIFY on commit). */
export async function moved(
  tx: Transaction,
  venue: Venue,
  found: Locked,
  status: TakeawayStatus,
  refusalReason?: string,
): Promise<TakeawayNews> {
  const order = await updateOrder(tx, venue.id, found.order.id, { status, refusalReason });
  await appendEvent(tx, venue.id, 'takeaway.status', {
    takeawayOrderId: order.id,
    reservationId: order.reservationId,
    number: order.number,
    status,
    pickupAt: formatOffsetDateTime(order.pickupAt, venue.timeZone),
  });
  await notifyTakeawayChanged(tx, venue.id, order.statusTokenHash);
  return { order, name: found.name };
}

/**
 * A refused or unpaid order owes nothing: its lines not made yet and its fee's line (served from the start)
 * are rejected, its account closed and its pickup time gets the place back.
 */
export async function rejectOrder(tx: Transaction, venue: Venue, order: TakeawayOrderRow, now: Date) {
  await rejectAccountLines(tx, venue.id, order.reservationId, [DELIVERY_FEE_SKU]);
  await closeTakeawayAccount(tx, venue.id, order.reservationId, now);
  await releaseSlotPlace(tx, venue.id, order.pickupAt);
}
