import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../db/audit-log.ts';
import type { Transaction } from '../../db/database.ts';
import { openShiftIfAny } from '../accounting/accounting.service.ts';
import { staffReservation } from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { appendAccountEvent, loadAccount, refused } from './billing-account.ts';
import { unmarkLinesPaidBy } from '../kitchen/kitchen.service.ts';
import { insertPayment, voidPaymentRow } from './payment-rows.repository.ts';

/**
 * Card payments an acquirer took online for an account (a takeaway order paid on the provider's page,
 * decision 039). They are the account's payments like any taken at a table, so its bill and fiscal
 * record come out as for dine-in. Nobody at the venue took them: no staff member is their author, and
 * they land in the till's open shift when there is one but never wait for one (the acquirer settles
 * them, no drawer counts them).
 */

export interface OnlineCardPayment {
  readonly amountCents: number;
  /** The acquirer's authorisation code. */
  readonly authCode: string | null;
  /** The acquirer's order reference. */
  readonly terminalReference: string;
}

/** Records an authorised online payment on the account (refused if it would pay more than is owed). */
export async function recordOnlinePayment(
  tx: Transaction,
  venue: Venue,
  reservationId: number,
  input: OnlineCardPayment,
): Promise<number> {
  const row = await staffReservation(tx, venue, reservationId, { lock: true });
  const before = await loadAccount(tx, venue, row);
  if (input.amountCents <= 0 || input.amountCents > before.pendingCents)
    throw refused(409, 'payment_exceeds_pending', { extra: { pending: before.pendingCents } });
  const payment = await insertPayment(tx, {
    venueId: venue.id,
    reservationId: row.id,
    amountCents: input.amountCents,
    method: 'card',
    tenderedCents: null,
    changeCents: null,
    cardBrand: null,
    cardLast4: null,
    cardAuthCode: input.authCode,
    terminalReference: input.terminalReference,
    createdByUserId: null,
    shiftId: await openShiftIfAny(tx, venue.id),
  });
  const after = await loadAccount(tx, venue, row);
  await appendAccountEvent(
    tx,
    venue,
    'reservation.payment',
    after,
    { by: 'guest' },
    {
      paymentId: payment.id,
      amountCents: input.amountCents,
      method: 'card',
      online: true,
    },
  );
  return payment.id;
}

/**
 * Takes an online payment back off the account once the acquirer refunded it (a refused order): the
 * payment is kept, voided, and the audit log says who refused and why (SEC-11).
 */
export async function voidRefundedPayment(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  input: { paymentId: number; reservationId: number; actorUserId: number; reason: string },
): Promise<void> {
  const row = await staffReservation(tx, venue, input.reservationId, { lock: true });
  const now = ctx.clock.now();
  await voidPaymentRow(tx, venue.id, input.paymentId, now);
  await unmarkLinesPaidBy(tx, venue.id, input.paymentId);
  const account = await loadAccount(tx, venue, row);
  // The refusing step names only who refused, not the role they acted as.
  const refuser = { principal: { userId: input.actorUserId }, actor: null };
  await appendAudit(
    tx,
    venue.id,
    refuser,
    'payment.refund',
    'payment',
    input.paymentId,
    { voidedAt: null },
    { voidedAt: now.toISOString(), reason: input.reason, online: true },
  );
  await appendAccountEvent(
    tx,
    venue,
    'reservation.payment_voided',
    account,
    {
      by: 'staff',
      userId: input.actorUserId,
    },
    { paymentId: input.paymentId },
  );
}
