import type { CreatePaymentRequest, PaymentInfo, PaymentView } from '@sobremesa/contracts';
import {
  changeCents,
  checkPayment,
  formatAmount,
  splitByItems,
  type Locale,
  type PaymentMethod,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../db/audit-log.ts';
import type { Transaction } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import {
  changeReservation,
  staffReservation,
  type ReservationRow,
} from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { assertShiftCanPayBack, shiftForPayment } from '../accounting/accounting.service.ts';
import {
  cashInDrawerOf,
  cashOfPayment,
  findPayment,
  insertPayment,
  insertTip,
  updatePayment,
  voidPaymentRow,
} from './payment-rows.repository.ts';
import { markLinesPaid, unmarkLinesPaidBy } from '../kitchen/kitchen.service.ts';
import { resolveAccountNotifications } from '../notifications/notifications.service.ts';
import type { BillingCaller } from '../../http/route-roles.ts';
import {
  refused,
  loadAccount,
  isOpen,
  paymentView,
  tipView,
  paymentInfoOf,
  bumped,
  announce,
} from './billing-account.ts';

/**
 * Payments on an open account: taken, their method corrected, voided.
 */

/** What a payment took, for the reply. */
export interface TakenPayment {
  readonly payment: PaymentView;
  readonly changeCents: number;
  readonly tip: ReturnType<typeof tipView> | null;
  readonly paymentInfo: PaymentInfo;
}

/**
 * Takes one payment on a locked, open account (REL-02: the row lock serialises two tablets; the second
 * sees the first's payment and is refused if it would pay more than is owed). By items, the lines named
 * are paid: the amount is their share of what is owed among the unpaid lines, worked out here, never
 * taken from the client. Cash gives change; a tip given with it stays outside the bill (FIS-06).
 */
export async function takePayment(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  row: ReservationRow,
  input: Omit<CreatePaymentRequest, 'reservationId' | 'roleId'>,
): Promise<TakenPayment> {
  if (!isOpen(row)) throw refused(409, 'account_not_open');
  const account = await loadAccount(tx, venue, row);
  let amount: number;
  const lineIds = input.productOrderIds ? [...new Set(input.productOrderIds)] : [];
  if (input.productOrderIds) {
    const unpaid = account.lines.filter((line) => line.paidAt === null);
    const chosen = new Set(lineIds);
    if (lineIds.some((id) => !unpaid.some((line) => line.id === id))) throw refused(409, 'lines_not_payable');
    const [share] = splitByItems(
      unpaid.map((line) => line.units * line.priceCents),
      unpaid.map((line) => (chosen.has(line.id) ? 0 : 1)),
      2,
      account.pendingCents,
    );
    amount = share ?? 0;
  } else {
    amount = input.amountCents ?? 0;
  }
  const tip = input.tipCents ?? 0;
  const tenderedForPayment =
    input.method === 'cash' && input.tenderedCents !== undefined ? input.tenderedCents - tip : undefined;
  const refusal = checkPayment(account.pendingCents, amount, input.method, tenderedForPayment);
  if (refusal === 'exceeds_remaining')
    throw refused(409, 'payment_exceeds_pending', {
      params: { pending: formatAmount(account.pendingCents) },
      extra: { pending: account.pendingCents },
    });
  if (refusal === 'nothing_owed' || refusal === 'not_positive')
    throw refused(409, 'nothing_owed', { extra: { pending: account.pendingCents } });
  if (refusal === 'tendered_short') throw refused(400, 'tendered_short');
  const change = input.method === 'cash' ? changeCents(amount, tenderedForPayment) : null;
  // The till's open shift takes the payment, or a closed till refuses it (decision 033).
  const shiftId = await shiftForPayment(tx, venue.id);
  const payment = await insertPayment(tx, {
    venueId: venue.id,
    reservationId: row.id,
    amountCents: amount,
    method: input.method,
    tenderedCents: input.method === 'cash' ? (tenderedForPayment ?? amount) : null,
    changeCents: change,
    cardBrand: input.card?.brand ?? null,
    cardLast4: input.card?.last4 ?? null,
    cardAuthCode: input.card?.authCode ?? null,
    terminalReference: input.card?.terminalReference ?? null,
    createdByUserId: caller.principal.userId,
    shiftId,
  });
  const now = ctx.clock.now();
  await markLinesPaid(tx, venue.id, row.id, lineIds, now, payment.id);
  const tipRow =
    tip > 0
      ? await insertTip(tx, {
          venueId: venue.id,
          reservationId: row.id,
          paymentId: payment.id,
          amountCents: tip,
          method: input.method,
          createdByUserId: caller.principal.userId,
          shiftId,
        })
      : null;
  const after = await loadAccount(tx, venue, row);
  if (after.pendingCents === 0) {
    // Nothing left to pay: the table's "Piden la cuenta" is answered (issue 18).
    await resolveAccountNotifications(tx, venue.id, [row.id], 'bill_settled', {
      userId: caller.principal.userId,
      at: now,
    });
  }
  await announce(tx, venue, 'reservation.payment', after, caller, {
    paymentId: payment.id,
    amountCents: amount,
    method: input.method,
    tipCents: tip,
  });
  return {
    payment: paymentView(payment),
    changeCents: change ?? 0,
    tip: tipRow ? tipView(tipRow) : null,
    paymentInfo: await paymentInfoOf(tx, venue, after),
  };
}

/** payment/create (and mark-as-paid): one payment in the caller's (idempotent) transaction. */
export async function createPayment(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  input: CreatePaymentRequest,
): Promise<TakenPayment> {
  const row = await staffReservation(tx, venue, input.reservationId, { lock: true });
  return takePayment(tx, ctx, venue, caller, row, input);
}

/**
 * payment/update-method: with a payment, corrects how it was made while it is on no issued invoice (a
 * cash payment turned card loses its tendered and change; card details go when it stops being card);
 * without one, the method the open account is to be paid with.
 */
export async function updatePaymentMethod(
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  input: { ref: number | string; paymentMethod: PaymentMethod; paymentId?: number },
  locale: Locale,
): Promise<PaymentInfo> {
  return ctx.db.transaction(async (tx) => {
    const row = await staffReservation(tx, venue, input.ref, { lock: true });
    if (input.paymentId === undefined) {
      if (!isOpen(row)) throw refused(409, 'payment_method_failed');
      const updated = await changeReservation(tx, venue, row.id, {
        requestedPaymentMethod: input.paymentMethod,
        updatedAt: bumped(row, ctx.clock.now()),
      });
      const account = await loadAccount(tx, venue, updated);
      await announce(tx, venue, 'reservation.payment_method', account, caller, {
        paymentMethod: input.paymentMethod,
      });
      return paymentInfoOf(tx, venue, account);
    }
    const before = await loadAccount(tx, venue, row);
    const payment = before.payments.find((candidate) => candidate.id === input.paymentId);
    if (!payment) throw notFound();
    if (payment.billId !== null) throw refused(409, 'payment_locked');
    const method = input.paymentMethod;
    // Cash turned card leaves the drawer: not more than it holds.
    const cashBack = method === 'cash' ? 0 : cashOfPayment(payment);
    await assertShiftCanPayBack(tx, venue, payment.shiftId, cashBack, locale);
    await updatePayment(tx, venue.id, payment.id, {
      method,
      tenderedCents: method === 'cash' ? payment.amountCents : null,
      changeCents: method === 'cash' ? 0 : null,
      ...(method === 'card'
        ? {}
        : { cardBrand: null, cardLast4: null, cardAuthCode: null, terminalReference: null }),
    });
    await appendAudit(
      tx,
      venue.id,
      caller,
      'payment.method',
      'payment',
      payment.id,
      { method: payment.method },
      { method },
    );
    const account = await loadAccount(tx, venue, row);
    await announce(tx, venue, 'reservation.payment', account, caller, { paymentId: payment.id, method });
    return paymentInfoOf(tx, venue, account);
  });
}

/**
 * payment/void: a payment made in error is taken back while the account is open and the payment is on no
 * issued invoice (FIS-05: what an invoice settled stays settled), and, for cash, while the drawer holds the
 * cash it gives back (decision 079). The payment and its tip are kept, marked voided, and left out of every
 * sum; lines it paid by items are unpaid again; the audit log keeps who, when and why. Voiding it twice is
 * a 409.
 */
export async function voidPayment(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  input: { ref: number | string; paymentId: number; reason: string },
  locale: Locale,
): Promise<PaymentInfo> {
  const row = await staffReservation(tx, venue, input.ref, { lock: true });
  const payment = await findPayment(tx, venue.id, input.paymentId);
  if (!payment || payment.reservationId !== row.id) throw notFound();
  if (payment.voidedAt !== null) throw refused(409, 'payment_already_voided');
  if (payment.billId !== null) throw refused(409, 'payment_locked');
  if (!isOpen(row)) throw refused(409, 'account_not_open');
  // A cash payment's money (and its cash tip) goes back out of the drawer: not more than it holds.
  await assertShiftCanPayBack(
    tx,
    venue,
    payment.shiftId,
    await cashInDrawerOf(tx, venue.id, payment),
    locale,
  );
  const now = ctx.clock.now();
  await voidPaymentRow(tx, venue.id, payment.id, now);
  const unpaidLineIds = await unmarkLinesPaidBy(tx, venue.id, payment.id);
  await appendAudit(
    tx,
    venue.id,
    caller,
    'payment.void',
    'payment',
    payment.id,
    { amountCents: payment.amountCents, method: payment.method },
    { voidedAt: now.toISOString(), reason: input.reason, unpaidLineIds },
  );
  const account = await loadAccount(tx, venue, row);
  await announce(tx, venue, 'reservation.payment_voided', account, caller, {
    paymentId: payment.id,
    amountCents: payment.amountCents,
  });
  return paymentInfoOf(tx, venue, account);
}
