import type { BillView } from '@sobremesa/contracts';
import { formatAmount } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../db/audit-log.ts';
import type { Transaction } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import type { BillingCaller } from '../../http/route-roles.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import { staffReservation } from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { invoicesOfAccount } from './account-invoices.ts';
import { billViews, isOpen, loadAccount, printedLines, refused } from './billing-account.ts';
import { findBill, setBillPaidAt } from './bill-rows.repository.ts';
import { fitsSimplifiedInvoice, issueInvoice } from './invoice-issuer.ts';
import { attachToBill } from './payment-rows.repository.ts';

/**
 * reissue-invoice (decision 057): a venue that cancelled a wrong ticket issues its account's ticket again.
 * The new ticket is a new invoice (the next number of the series, its own RegistroAlta chained after the
 * cancellation record), made from the account as it stands, and the payments that settled the cancelled
 * ticket settle it. The account must be closed (one reopened to put it right is charged at the TPV, which
 * issues its ticket) and must have no standing invoice: never two for one account.
 */
export async function reissueTicket(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  input: { readonly billId: number },
): Promise<BillView> {
  const cancelled = await findBill(tx, venue.id, input.billId);
  if (!cancelled) throw notFound();
  const row = await staffReservation(tx, venue, cancelled.reservationId, { lock: true });
  const invoices = await invoicesOfAccount(tx, venue.id, row.id);
  if (cancelled.type !== 1 || !invoices.cancelled.some((bill) => bill.id === cancelled.id))
    throw refused(409, 'ticket_not_reissuable');
  if (invoices.standing.length > 0) throw refused(409, 'account_already_invoiced');
  if (isOpen(row)) throw refused(409, 'reissue_account_open');
  const account = await loadAccount(tx, venue, row);
  if (account.totals.totalCents === 0) throw refused(409, 'nothing_to_bill');
  if (account.pendingCents > 0)
    throw refused(409, 'account_pending', {
      params: { pending: formatAmount(account.pendingCents) },
      extra: { pending: account.pendingCents },
    });
  if (!fitsSimplifiedInvoice(account.totals.totalCents)) throw refused(409, 'simplified_invoice_limit');
  const now = ctx.clock.now();
  const ticket = await issueInvoice(tx, venue, {
    reservationId: row.id,
    kind: 'simplified',
    lines: printedLines(account.lines),
    totals: account.totals,
    issuedByUserId: caller.principal.userId,
    actorRole: caller.actor,
    issuedAt: now,
  });
  await attachToBill(
    tx,
    venue.id,
    row.id,
    ticket.id,
    invoices.cancelled.map((bill) => bill.id),
  );
  await setBillPaidAt(tx, venue.id, ticket.id, cancelled.paidAt ?? now);
  await appendAudit(tx, venue.id, caller, 'invoice.reissue', 'bill', ticket.id, null, {
    reissuesBillId: cancelled.id,
  });
  await appendEvent(tx, venue.id, 'reservation.invoice', {
    reservationId: row.id,
    billId: ticket.id,
    reissuesBillId: cancelled.id,
    by: 'staff',
    userId: caller.principal.userId,
  });
  const issued = await findBill(tx, venue.id, ticket.id);
  const [view] = await billViews(tx, venue, issued ? [issued] : []);
  if (!view) throw new Error('reissued ticket missing');
  return view;
}
