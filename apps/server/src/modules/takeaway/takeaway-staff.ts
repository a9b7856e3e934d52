import type { StaffTakeawayOrder } from '@sobremesa/contracts';
import { canMoveTakeaway, type TakeawayStatus } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import { issuedAccounts, paidReservation, type BillingCaller } from '../billing/billing.service.ts';
import { lockAccountLines } from '../kitchen/kitchen.service.ts';
import type { OrderingCaller } from '../menus/menus.service.ts';
import { processOrderIn, waitingOrderIds } from '../orders/orders.service.ts';
import { refundOrderPayment } from '../payments/payments.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import type { TakeawayNews } from './takeaway-email.ts';
import { moved, rejectOrder, type Locked } from './takeaway-moves.ts';
import { accountOfOrder, lockOrder } from './takeaway.repository.ts';
import { staffView } from './takeaway-views.ts';

/** A staff move's reply, and the news of it for the guest's email once the move commits. */
export interface TakeawayMove {
  readonly account: StaffTakeawayOrder;
  readonly news: TakeawayNews;
}

/** Locks the order and checks staff may move it to `to`; 404 in another venue, 409 from the wrong status. */
async function lockFor(tx: Transaction, venue: Venue, id: number, to: TakeawayStatus): Promise<Locked> {
  const found = await lockOrder(tx, venue.id, id);
  if (!found) throw notFound();
  const mode = found.order.mode === 'delivery' ? 'delivery' : 'pickup';
  if (!canMoveTakeaway(found.order.status as TakeawayStatus, to, mode))
    throw new AppError(409, 'CONFLICT', 'conflict');
  return found;
}

async function told(
  tx: Transaction,
  venue: Venue,
  found: Locked,
  status: TakeawayStatus,
  refusalReason?: string,
): Promise<TakeawayMove> {
  const news = await moved(tx, venue, found, status, refusalReason);
  return { account: await staffView(tx, venue, { ...found, order: news.order }), news };
}

/** Staff accept a received order: its waiting lines go to kitchen and bar (processorder), in one transaction. */
export function acceptTakeaway(
  ctx: AppContext,
  venue: Venue,
  caller: OrderingCaller,
  id: number,
): Promise<TakeawayMove> {
  return ctx.db.transaction(async (tx) => {
    const found = await lockFor(tx, venue, id, 'accepted');
    const [cartOrderId] = await waitingOrderIds(tx, venue.id, found.order.reservationId);
    if (cartOrderId === undefined) throw new AppError(409, 'CONFLICT', 'conflict');
    await processOrderIn(tx, ctx, venue, caller, cartOrderId);
    return told(tx, venue, found, 'accepted');
  });
}

/**
 * Staff refuse an order before the kitchen starts it, with the reason the guest reads: its lines are
 * rejected (nothing to bill), its pickup time gets the place back and, paid online, it is refunded
 * through the provider.
 */
export function refuseTakeaway(
  ctx: AppContext,
  venue: Venue,
  actorUserId: number,
  { id, reason }: { id: number; reason: string },
): Promise<TakeawayMove> {
  return ctx.db.transaction(async (tx) => {
    const account = await accountOfOrder(tx, venue.id, id);
    if (account === undefined) throw notFound();
    // The lines before the order, as the kitchen takes them: a cook's tap meanwhile waits, no deadlock.
    await lockAccountLines(tx, venue.id, account);
    const found = await lockFor(tx, venue, id, 'refused');
    await rejectOrder(tx, venue, found.order, ctx.clock.now());
    // Last of the writes that could fail: the provider's refund cannot be taken back.
    await refundOrderPayment(tx, ctx, venue, { order: found.order, actorUserId, reason });
    return told(tx, venue, found, 'refused', reason);
  });
}

/**
 * Preparing, ready, out for delivery, handed over: each only from the step before it. Handing over an
 * order paid online closes its account with the invoice, as the TPV closes a paid table (`invoicer`:
 * the staff member's billing role, which must be one that takes payments).
 */
export function advanceTakeaway(
  ctx: AppContext,
  venue: Venue,
  id: number,
  status: 'preparing' | 'ready' | 'out_for_delivery' | 'delivered',
  invoicer: BillingCaller | null,
): Promise<TakeawayMove> {
  return ctx.db.transaction(async (tx) => {
    const found = await lockFor(tx, venue, id, status);
    const invoiced = async () =>
      (await issuedAccounts(tx, venue.id, [found.order.reservationId])).has(found.order.reservationId);
    // The TPV may have issued it already (decision 043's counter flow): then it is only handed over.
    if (status === 'delivered' && found.order.paymentMethod === 'online' && !(await invoiced())) {
      if (!invoicer) throw forbidden();
      await paidReservation(tx, ctx, venue, invoicer, { ref: found.order.reservationId });
    }
    return told(tx, venue, found, status);
  });
}
