import type { PaymentInfo } from '@sobremesa/contracts';
import {
  checkTransition,
  RESERVATION_STATUS_CODES,
  reservationStateOf,
  type PaymentMethod,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import {
  changeReservation,
  staffReservation,
  type ReservationRow,
} from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import type { BillingCaller } from '../../http/route-roles.ts';
import {
  refused,
  type Account,
  loadAccount,
  paymentInfoOf,
  bumped,
  type AccountEventAuthor,
  appendAccountEvent,
} from './billing-account.ts';

/**
 * The bill asked for: the account goes to payment (status 7).
 */

/**
 * The table asked for its bill, through any door (request-ticket, or notification/new from a guest's
 * phone or a waiter's copilot): a seated account goes to payment (status 7) with the method asked for,
 * and the floor shows the table as asking for the bill; asking again on an account already for payment
 * only changes the method. Any other account is left as it is and `undefined` is answered, for the
 * caller to refuse (request-ticket) or to let the request through as a notification
 * ({@link askForBillByNotification}). `row` must be locked.
 */
export async function askForBill(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  row: ReservationRow,
  paymentMethod: PaymentMethod,
  author: AccountEventAuthor & { readonly roleId?: number | null },
): Promise<Account | undefined> {
  const state = reservationStateOf(row);
  if (!checkTransition(state, 'requestBill').allowed && state !== 'for_payment') return undefined;
  const updated = await changeReservation(tx, venue, row.id, {
    status: RESERVATION_STATUS_CODES.forPayment,
    requestedPaymentMethod: paymentMethod,
    updatedAt: bumped(row, ctx.clock.now()),
  });
  const account = await loadAccount(tx, venue, updated);
  const { roleId, ...who } = author;
  await appendAccountEvent(tx, venue, 'reservation.bill_requested', account, who, {
    paymentMethod,
    ...(roleId === undefined ? {} : { roleId }),
  });
  return account;
}

/**
 * notification/new's bill request, from a guest's phone or a waiter's copilot: {@link askForBill}; on an
 * account not seated yet only the method asked for is recorded, and staff get the notification alone.
 */
export async function askForBillByNotification(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  row: ReservationRow,
  paymentMethod: PaymentMethod,
  author: AccountEventAuthor & { readonly roleId?: number | null },
): Promise<void> {
  if (await askForBill(tx, ctx, venue, row, paymentMethod, author)) return;
  await changeReservation(tx, venue, row.id, { requestedPaymentMethod: paymentMethod });
}

/** request-ticket: {@link askForBill} from the copilot; an account that cannot be billed is a 409. */
export async function requestTicket(
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  input: { ref: number | string; paymentMethod: PaymentMethod },
): Promise<PaymentInfo> {
  return ctx.db.transaction(async (tx) => {
    const row = await staffReservation(tx, venue, input.ref, { lock: true });
    const account = await askForBill(tx, ctx, venue, row, input.paymentMethod, {
      by: 'staff',
      userId: caller.principal.userId,
      roleId: caller.roleId,
    });
    if (!account) throw refused(409, 'payment_method_failed');
    return paymentInfoOf(tx, venue, account);
  });
}
