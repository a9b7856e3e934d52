import type { BillView, CreateCorrectiveInvoiceRequest } from '@sobremesa/contracts';
import { cents, correctedUnitsOf, correctiveInvoice, type CorrectableLine } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../db/audit-log.ts';
import type { Transaction } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import { fiscalStatesOfBills, recordCancellation } from '../fiscal/fiscal.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import { staffReservation } from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { billViews, refused } from './billing-account.ts';
import type { BillingCaller } from '../../http/route-roles.ts';
import {
  clientFiscalInfoById,
  correctionsOf,
  findBill,
  linesOfBills,
  replacementsOf,
} from './bill-rows.repository.ts';
import type { BillLineRow, BillRow } from './billing.repository.ts';
import { issueInvoice } from './invoice-issuer.ts';

/**
 * Corrections of issued invoices (issue 23, decision 057). An invoice is never edited (FIS-05): what was
 * charged and not had comes off with a corrective invoice by differences (R5 for a ticket, R1-R4 for a
 * complete invoice), and an invoice issued in error is cancelled with a RegistroAnulacion.
 */

/** Whether a bill's VERI*FACTU record was cancelled. */
async function isCancelled(tx: Transaction, venueId: number, billId: number): Promise<boolean> {
  return (await fiscalStatesOfBills(tx, venueId, [billId])).get(billId)?.cancelled ?? false;
}

/** The nominative invoices standing in for a ticket: those not cancelled. */
export async function standingReplacements(
  tx: Transaction,
  venueId: number,
  billId: number,
): Promise<number[]> {
  const ids = await replacementsOf(tx, venueId, billId);
  const states = await fiscalStatesOfBills(tx, venueId, ids);
  return ids.filter((id) => !states.get(id)?.cancelled);
}

/** The corrective invoices of `billId` that stand: those not cancelled. */
async function standingCorrections(tx: Transaction, venueId: number, billId: number): Promise<BillRow[]> {
  const corrections = await correctionsOf(tx, venueId, billId);
  const states = await fiscalStatesOfBills(
    tx,
    venueId,
    corrections.map((row) => row.id),
  );
  return corrections.filter((row) => !states.get(row.id)?.cancelled);
}

/** The issued invoice a correction acts on, with its account locked so two tablets take turns. */
async function correctableInvoice(tx: Transaction, venue: Venue, billId: number): Promise<BillRow> {
  const bill = await findBill(tx, venue.id, billId);
  if (!bill) throw notFound();
  await staffReservation(tx, venue, bill.reservationId, { lock: true });
  if (bill.type !== 1 && bill.type !== 2) throw refused(409, 'invoice_not_correctable');
  if (await isCancelled(tx, venue.id, bill.id)) throw refused(409, 'invoice_already_cancelled');
  if ((await standingReplacements(tx, venue.id, bill.id)).length > 0)
    throw refused(409, 'invoice_replaced_correct_that');
  return bill;
}

/** The invoice's lines with the units its standing corrections already took off each. */
async function correctableLines(tx: Transaction, venue: Venue, bill: BillRow) {
  const lines = await linesOfBills(tx, venue.id, [bill.id]);
  const earlier = await standingCorrections(tx, venue.id, bill.id);
  const corrected = correctedUnitsOf(
    lines,
    await linesOfBills(
      tx,
      venue.id,
      earlier.map((row) => row.id),
    ),
  );
  return lines.map((line, index): BillLineRow & CorrectableLine => ({
    ...line,
    correctedUnits: corrected[index] ?? 0,
  }));
}

async function billView(tx: Transaction, venue: Venue, billId: number): Promise<BillView> {
  const bill = await findBill(tx, venue.id, billId);
  const [view] = await billViews(tx, venue, bill ? [bill] : []);
  if (!view) throw new Error(`bill ${billId} missing`);
  return view;
}

/** create-corrective-invoice: units taken off an issued invoice's lines, as a negative invoice. */
export async function createCorrectiveInvoice(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  input: CreateCorrectiveInvoiceRequest,
): Promise<BillView> {
  const invoice = await correctableInvoice(tx, venue, input.billId);
  const lines = await correctableLines(tx, venue, invoice);
  const correction = correctiveInvoice(
    {
      lines,
      grossCents: invoice.totalCents + invoice.discountCents,
      discountCents: invoice.discountCents,
    },
    input.lines.map((asked) => ({
      line: lines.findIndex((line) => line.id === asked.billLineId),
      units: asked.units,
    })),
  );
  if (!correction.ok)
    throw correction.reason === 'too_many_units'
      ? refused(409, 'corrective_too_many_units')
      : refused(400, 'corrective_unknown_line');
  const clientRow =
    invoice.clientFiscalInfoId === null
      ? undefined
      : await clientFiscalInfoById(tx, venue.id, invoice.clientFiscalInfoId);
  const corrective = await issueInvoice(tx, venue, {
    reservationId: invoice.reservationId,
    kind: 'corrective',
    lines: correction.lines.map((line) => {
      const original = lines[line.line]!;
      return {
        productOrderId: original.productOrderId,
        description: original.description,
        units: line.units,
        unitPriceCents: line.unitPriceCents,
        vatRateBp: line.vatRateBp,
        totalCents: line.totalCents,
      };
    }),
    totals: {
      baseCents: correction.totals.baseCents,
      vatCents: correction.totals.vatCents,
      totalCents: correction.totals.totalCents,
      discountCents: correction.totals.discountCents,
      taxLines: correction.totals.taxLines,
    },
    ...(clientRow
      ? { client: { row: clientRow, data: invoice.clientFiscalInfo as Record<string, unknown> } }
      : {}),
    rectifies: { bill: invoice, ground: input.ground, reason: input.reason },
    issuedByUserId: caller.principal.userId,
    actorRole: caller.actor,
    issuedAt: ctx.clock.now(),
  });
  await appendAudit(tx, venue.id, caller, 'invoice.correct', 'bill', invoice.id, null, {
    correctiveBillId: corrective.id,
    totalCents: cents(corrective.totalCents),
    reason: input.reason,
  });
  await appendEvent(tx, venue.id, 'reservation.invoice', {
    reservationId: invoice.reservationId,
    billId: corrective.id,
    rectifiesBillId: invoice.id,
    by: 'staff',
    userId: caller.principal.userId,
  });
  return billView(tx, venue, corrective.id);
}

/**
 * cancel-invoice: an invoice issued in error is cancelled in VERI*FACTU (FIS-05); it stays as issued. An
 * invoice with corrections standing is not cancelled (cancel those first); a cancelled nominative invoice
 * lets its ticket be invoiced again.
 */
export async function cancelInvoice(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  input: { billId: number; reason: string },
): Promise<BillView> {
  const bill = await findBill(tx, venue.id, input.billId);
  if (!bill) throw notFound();
  await staffReservation(tx, venue, bill.reservationId, { lock: true });
  if (bill.type === 0) throw refused(409, 'invoice_not_correctable');
  const fiscal = (await fiscalStatesOfBills(tx, venue.id, [bill.id])).get(bill.id);
  if (fiscal?.cancelled) throw refused(409, 'invoice_already_cancelled');
  if ((await standingReplacements(tx, venue.id, bill.id)).length > 0)
    throw refused(409, 'invoice_replaced_correct_that');
  if ((await standingCorrections(tx, venue.id, bill.id)).length > 0)
    throw refused(409, 'invoice_has_corrections');
  if (!fiscal) throw refused(409, 'invoice_without_record');
  await recordCancellation(tx, venue, bill, input.reason, ctx.clock.now());
  await appendAudit(tx, venue.id, caller, 'invoice.cancel', 'bill', bill.id, null, { reason: input.reason });
  await appendEvent(tx, venue.id, 'reservation.invoice', {
    reservationId: bill.reservationId,
    billId: bill.id,
    cancelled: true,
    by: 'staff',
    userId: caller.principal.userId,
  });
  return billView(tx, venue, bill.id);
}
