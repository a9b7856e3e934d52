import type { BillView, ClientData } from '@sobremesa/contracts';
import {
  formatAmount,
  formatInvoiceNumber,
  type PaymentMethod,
  RESERVATION_STATUS_CODES,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import {
  changeReservation,
  releaseReservationTables,
  staffReservation,
} from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { attachToBill } from './payment-rows.repository.ts';
import { findBill, setBillPaidAt, upsertClientFiscalInfo, voidOpenBills } from './bill-rows.repository.ts';
import { markLinesPaid } from '../kitchen/kitchen.service.ts';
import { fitsSimplifiedInvoice, issueInvoice } from './invoice-issuer.ts';
import { resolveAccountNotifications } from '../notifications/notifications.service.ts';
import type { BillingCaller } from '../../http/route-roles.ts';
import {
  refused,
  loadAccount,
  isOpen,
  printedLines,
  billViews,
  bumped,
  announce,
} from './billing-account.ts';
import { takePayment } from './payments.ts';
import { invoicesOfAccount } from './account-invoices.ts';
import { notifyTableOrderChanged } from '../menus/menus.service.ts';

/**
 * Closing a paid account: the invoice issued and the account finished.
 */

/**
 * paid-reservation: the account is paid and closed. In one transaction: what is still pending is taken
 * with `paymentMethod` when given (the fast-paid overlays), otherwise nothing may be pending; the invoice
 * is issued (simplified up to 3,000 EUR, complete with `clientData`), payments and tips join it, every
 * line is marked paid, the account is finished (-2) and its tables freed.
 */
export async function paidReservation(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  input: {
    ref: number | string;
    paymentMethod?: PaymentMethod;
    tenderedCents?: number;
    clientData?: ClientData;
  },
): Promise<{ bill: BillView; changeCents: number }> {
  const row = await staffReservation(tx, venue, input.ref, { lock: true });
  if (!isOpen(row)) throw refused(409, 'account_not_open');
  // A reopened account is invoiced again only once its invoice is cancelled: never two standing for it.
  const invoices = await invoicesOfAccount(tx, venue.id, row.id);
  if (invoices.standing.length > 0) throw refused(409, 'account_already_invoiced');
  let account = await loadAccount(tx, venue, row);
  if (account.totals.totalCents === 0) throw refused(409, 'nothing_to_bill');
  if (!fitsSimplifiedInvoice(account.totals.totalCents) && !input.clientData)
    throw refused(409, 'simplified_invoice_limit');
  let change = 0;
  if (account.pendingCents > 0) {
    if (!input.paymentMethod)
      throw refused(409, 'account_pending', {
        params: { pending: formatAmount(account.pendingCents) },
        extra: { pending: account.pendingCents },
      });
    const taken = await takePayment(tx, ctx, venue, caller, row, {
      method: input.paymentMethod,
      amountCents: account.pendingCents,
      ...(input.paymentMethod === 'cash' && input.tenderedCents !== undefined
        ? { tenderedCents: input.tenderedCents }
        : {}),
    });
    change = taken.changeCents;
    account = await loadAccount(tx, venue, row);
  }
  const now = ctx.clock.now();
  const client = input.clientData ? await clientOf(tx, venue, input.clientData) : undefined;
  const bill = await issueInvoice(tx, venue, {
    reservationId: row.id,
    kind: client ? 'complete' : 'simplified',
    lines: printedLines(account.lines),
    totals: account.totals,
    client,
    issuedByUserId: caller.principal.userId,
    actorRole: caller.actor,
    issuedAt: now,
  });
  await voidOpenBills(tx, venue.id, row.id, now);
  await attachToBill(
    tx,
    venue.id,
    row.id,
    bill.id,
    invoices.cancelled.map((cancelled) => cancelled.id),
  );
  await setBillPaidAt(tx, venue.id, bill.id, now);
  await markLinesPaid(
    tx,
    venue.id,
    row.id,
    account.lines.map((line) => line.id),
    now,
    null,
  );
  await releaseReservationTables(tx, venue, row.id, now);
  const finished = await changeReservation(tx, venue, row.id, {
    status: RESERVATION_STATUS_CODES.closed,
    finishedAt: now,
    updatedAt: bumped(row, now),
  });
  await resolveAccountNotifications(tx, venue.id, [row.id], 'account_closed', {
    userId: caller.principal.userId,
    at: now,
  });
  const closed = await loadAccount(tx, venue, finished);
  await announce(tx, venue, 'reservation.paid', closed, caller, {
    billId: bill.id,
    invoiceNumber: bill.series && bill.number ? formatInvoiceNumber(bill.series, bill.number) : null,
  });
  // The guest's phone hears it on the menu stream and turns to its thank-you state (decision 038).
  await notifyTableOrderChanged(tx, venue.id, [row.id]);
  const issued = await findBill(tx, venue.id, bill.id);
  const [view] = await billViews(tx, venue, issued ? [issued] : []);
  if (!view) throw new Error('issued bill missing');
  return { bill: view, changeCents: change };
}

export async function clientOf(tx: Transaction, venue: Venue, data: ClientData) {
  const row = await upsertClientFiscalInfo(tx, venue.id, {
    name: data.name,
    taxId: data.taxId.toUpperCase(),
    address: data.address,
    postalCode: data.postalCode,
    city: data.city,
    country: data.country,
    email: data.email ?? null,
  });
  const printed = {
    name: row.name,
    taxId: row.taxId,
    address: [row.address, [row.postalCode, row.city].filter(Boolean).join(' '), row.country]
      .filter(Boolean)
      .join(', '),
  };
  return { row, data: printed };
}
