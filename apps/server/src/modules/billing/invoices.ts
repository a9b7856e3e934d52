import type { BillView, ClientData } from '@sobremesa/contracts';
import { cents, formatInvoiceNumber, type ReceiptWidth } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import { fiscalStatesOfBills, qrUrlOfBill } from '../fiscal/fiscal.service.ts';
import { ticketReviewQr } from '../reviews/reviews.service.ts';
import { displayedTables, staffReservation } from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { billPdf, ticketText, type BillDocumentInput } from './bill-documents.ts';
import {
  findBill,
  linesOfBills,
  paymentsOfBill,
  searchClientFiscalInfos,
  setBillPaidAt,
  taxLinesOfBills,
  tipsOfBills,
} from './bill-rows.repository.ts';
import { pricedOptionsOfLines, takeawayOfAccount } from './billing.repository.ts';
import { issueInvoice } from './invoice-issuer.ts';
import type { BillingCaller } from '../../http/route-roles.ts';
import { refused, billViews } from './billing-account.ts';
import { clientOf } from './paid-reservation.ts';
import { standingReplacements } from './corrective-invoices.ts';

/**
 * Invoices and documents: nominative invoices, known clients, the printed ticket and the PDF.
 */

/**
 * create-nominative-invoice: a complete invoice with the client's data replacing an issued ticket (F3),
 * in the complete series; a ticket is replaced once. The ticket itself stays as issued (FIS-05).
 */
export async function createNominativeInvoice(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  input: { billId: number; clientData: ClientData },
): Promise<BillView> {
  const ticket = await findBill(tx, venue.id, input.billId);
  if (!ticket) throw notFound();
  // Lock the account: two tablets replacing the same ticket at once are serialised.
  await staffReservation(tx, venue, ticket.reservationId, { lock: true });
  if (ticket.type !== 1) throw refused(409, 'not_a_ticket');
  if ((await fiscalStatesOfBills(tx, venue.id, [ticket.id])).get(ticket.id)?.cancelled)
    throw refused(409, 'invoice_already_cancelled');
  if ((await standingReplacements(tx, venue.id, ticket.id)).length > 0)
    throw refused(409, 'invoice_already_replaced');
  const [lines, taxLines] = [
    await linesOfBills(tx, venue.id, [ticket.id]),
    await taxLinesOfBills(tx, venue.id, [ticket.id]),
  ];
  const client = await clientOf(tx, venue, input.clientData);
  const invoice = await issueInvoice(tx, venue, {
    reservationId: ticket.reservationId,
    kind: 'complete',
    lines: lines.map((line) => ({
      productOrderId: line.productOrderId,
      description: line.description,
      units: line.units,
      unitPriceCents: line.unitPriceCents,
      vatRateBp: line.vatRateBp,
      totalCents: line.totalCents,
    })),
    totals: {
      baseCents: cents(ticket.baseCents),
      vatCents: cents(ticket.vatCents),
      totalCents: cents(ticket.totalCents),
      discountCents: cents(ticket.discountCents),
      taxLines: taxLines.map((line) => ({
        vatRateBp: line.vatRateBp,
        baseCents: cents(line.baseCents),
        vatCents: cents(line.vatCents),
        totalCents: cents(line.totalCents),
      })),
    },
    client,
    replacesBillId: ticket.id,
    issuedByUserId: caller.principal.userId,
    actorRole: caller.actor,
    issuedAt: ctx.clock.now(),
  });
  if (ticket.paidAt) await setBillPaidAt(tx, venue.id, invoice.id, ticket.paidAt);
  await appendEvent(tx, venue.id, 'reservation.invoice', {
    reservationId: ticket.reservationId,
    billId: invoice.id,
    replacesBillId: ticket.id,
    by: 'staff',
    userId: caller.principal.userId,
  });
  const issued = await findBill(tx, venue.id, invoice.id);
  const [view] = await billViews(tx, venue, issued ? [issued] : []);
  if (!view) throw new Error('issued invoice missing');
  return view;
}

/** Clients of the venue for a nominative invoice, 20 a page (page from 1). */
export const CLIENT_PAGE_SIZE = 20;
export async function clientFiscalInfos(ctx: AppContext, venue: Venue, input: { page: number; q: string }) {
  const found = await searchClientFiscalInfos(ctx.db, venue.id, input.q, input.page, CLIENT_PAGE_SIZE);
  return {
    page: input.page,
    pageSize: CLIENT_PAGE_SIZE,
    total: found.total,
    items: found.items.map((row) => ({
      id: row.id,
      name: row.name,
      taxId: row.taxId,
      address: row.address,
      postalCode: row.postalCode,
      city: row.city,
      country: row.country,
      email: row.email,
    })),
  };
}

async function documentInput(
  ctx: AppContext,
  venue: Venue,
  billId: number,
  origin: string,
): Promise<BillDocumentInput> {
  const bill = await findBill(ctx.db, venue.id, billId);
  if (!bill) throw notFound();
  const lines = await linesOfBills(ctx.db, venue.id, [bill.id]);
  const optionsByLine = await pricedOptionsOfLines(
    ctx.db,
    venue.id,
    lines.flatMap((line) => (line.productOrderId === null ? [] : [line.productOrderId])),
  );
  const taxLines = await taxLinesOfBills(ctx.db, venue.id, [bill.id]);
  // An invoice shows the payments it settled; a nominative one those of the ticket it replaces.
  const settledBy = bill.replacesBillId ?? bill.id;
  const payments = bill.type === 0 ? [] : await paymentsOfBill(ctx.db, venue.id, settledBy);
  const tips = await tipsOfBills(ctx.db, venue.id, [settledBy]);
  const tables = await displayedTables(ctx.db, venue, [bill.reservationId]);
  const replaces = bill.replacesBillId
    ? ((await findBill(ctx.db, venue.id, bill.replacesBillId)) ?? null)
    : null;
  const rectifies = bill.rectifiesBillId
    ? ((await findBill(ctx.db, venue.id, bill.rectifiesBillId)) ?? null)
    : null;
  const fiscal = (await fiscalStatesOfBills(ctx.db, venue.id, [bill.id])).get(bill.id);
  return {
    venue,
    bill,
    lines,
    optionsByLine,
    taxLines,
    payments,
    tipCents: bill.type === 0 ? 0 : tips.reduce((sum, tip) => sum + tip.amountCents, 0),
    table: tables.length > 0 ? tables.map((table) => table.name).join('+') : null,
    replaces,
    rectifies,
    recordType: fiscal?.type ?? null,
    cancelledAt: fiscal?.cancelledAt ?? null,
    cancellationReason: fiscal?.cancellationReason ?? null,
    qrUrl: await qrUrlOfBill(ctx.db, venue.id, bill.id),
    reviewQr: await ticketReviewQr(ctx.db, venue, bill, origin, ctx.clock.now()),
    takeaway: await takeawayOfAccount(ctx.db, venue.id, bill.reservationId),
  };
}

/** print-info: the ticket text of a bill for the receipt printer, with its fiscal and review QRs. */
export async function printInfo(
  ctx: AppContext,
  venue: Venue,
  billId: number,
  width: ReceiptWidth,
  origin: string,
) {
  const input = await documentInput(ctx, venue, billId, origin);
  return {
    billId,
    width,
    escPosText: ticketText(input, width),
    qrUrl: input.qrUrl,
    reviewQr: input.reviewQr,
    printEnabled: venue.settings.printEnabled,
    takeaway: input.takeaway,
  };
}

/** view-bill-pdf: the bill as a PDF and its file name. */
export async function viewBillPdf(ctx: AppContext, venue: Venue, billId: number, origin: string) {
  const input = await documentInput(ctx, venue, billId, origin);
  const name =
    input.bill.series && input.bill.number
      ? `factura-${formatInvoiceNumber(input.bill.series, input.bill.number)}.pdf`
      : `cuenta-${input.bill.id}.pdf`;
  return { name, pdf: await billPdf(input) };
}
