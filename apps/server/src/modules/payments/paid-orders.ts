// The orders online payments pay for (decision 039): takeaway orders. What a payment's outcome does to its
// order is the order's module's business; the server's composition root (app.ts) hands it in, so payments
// never imports the module whose orders it settles (decision 068, second pass).
import type { Transaction } from '../../db/database.ts';
import type { Venue } from '../venues/venues.service.ts';

/** What a payment needs of its order. */
export interface PayableOrder {
  readonly id: number;
  readonly venueId: number;
  readonly reservationId: number;
  readonly number: number;
  readonly paymentMethod: string;
}

export interface PaidOrders {
  /** The order waiting for its payment, locked; undefined when it is gone or no longer waiting. */
  lockUnpaid(tx: Transaction, venue: Venue, orderId: number): Promise<PayableOrder | undefined>;
  /** Paid: the order goes to staff. */
  markPaid(tx: Transaction, venue: Venue, order: PayableOrder, amountCents: number): Promise<void>;
  /** Not paid (denied, or the hold ran out): the order fails, if it still waits. */
  failUnpaid(tx: Transaction, venue: Venue, orderId: number, now: Date): Promise<void>;
}

let orders: PaidOrders | undefined;

/** Called once by the app as it is built. */
export function settleOrdersWith(next: PaidOrders): void {
  orders = next;
}

export function paidOrders(): PaidOrders {
  if (!orders) throw new Error('no orders are paid online: the app hands them in as it is built');
  return orders;
}
