import { reservationStateOf, type PaymentMethod } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../db/audit-log.ts';
import type { Transaction } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import { staffReservation } from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { shiftForPayment } from '../accounting/accounting.service.ts';
import { billsOfReservation } from './bill-rows.repository.ts';
import { insertTip } from './payment-rows.repository.ts';
import type { BillingCaller } from '../../http/route-roles.ts';
import { refused, loadAccount, isOpen, tipView, announce } from './billing-account.ts';

/** tip/create: a tip on an account (open or just paid), outside the VAT base and the invoice (FIS-06). */
export async function createTip(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  input: { ref: number | string; amountCents: number; method: PaymentMethod; paymentId?: number },
) {
  const row = await staffReservation(tx, venue, input.ref, { lock: true });
  const state = reservationStateOf(row);
  if (!isOpen(row) && state !== 'finished') throw refused(409, 'account_not_open');
  const account = await loadAccount(tx, venue, row);
  const payment =
    input.paymentId === undefined
      ? undefined
      : account.payments.find((candidate) => candidate.id === input.paymentId);
  if (input.paymentId !== undefined && !payment) throw notFound();
  // A tip left after paying goes with the issued invoice (shown beside it, never in it).
  const issued = (await billsOfReservation(tx, venue.id, row.id)).filter((bill) => bill.type !== 0).at(-1);
  // A tip is money in the drawer or on the card reader: the open shift takes it (decision 033).
  const shiftId = await shiftForPayment(tx, venue.id);
  const tip = await insertTip(tx, {
    shiftId,
    venueId: venue.id,
    reservationId: row.id,
    paymentId: payment?.id ?? null,
    billId: payment?.billId ?? issued?.id ?? null,
    amountCents: input.amountCents,
    method: input.method,
    createdByUserId: caller.principal.userId,
  });
  await appendAudit(tx, venue.id, caller, 'tip.create', 'tip', tip.id, null, {
    amountCents: tip.amountCents,
    method: tip.method,
    reservationId: row.id,
  });
  await announce(tx, venue, 'reservation.tip', await loadAccount(tx, venue, row), caller, {
    tipId: tip.id,
    tipCents: tip.amountCents,
  });
  return tipView(tip);
}
