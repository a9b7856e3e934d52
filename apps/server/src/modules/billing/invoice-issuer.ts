import { SIMPLIFIED_INVOICE_LIMIT_CENTS, type BillTotals } from '@sobremesa/domain';
import { appendAudit } from '../../db/audit-log.ts';
import type { Transaction } from '../../db/database.ts';
import { recordIssuedInvoice } from '../fiscal/fiscal.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { findBill, firstSeriesOfKind, insertBill, nextInvoiceNumber } from './bill-rows.repository.ts';
import type { BillRow, ClientFiscalInfoRow } from './billing.repository.ts';

/**
 * The one place invoices are issued (decision 012), so every invoice gets its VERI*FACTU record
 * (FIS-01/02, decision 032) in the issuing transaction: a bill of type 1 (simplified invoice, the ticket), or 2 (complete, nominative
 * invoice, in its own series; replacing a ticket when `replacesBillId` is set, F3). The number is taken
 * from the series row in the caller's transaction (REL-07), the bill, its lines and its VAT breakdown
 * are written together, and the issue is audited (SEC-11). After this, a trigger keeps the invoice as
 * issued (FIS-05).
 */

/** A line as printed on an invoice. */
export interface InvoiceLine {
  readonly productOrderId: number | null;
  readonly description: string;
  readonly units: number;
  readonly unitPriceCents: number;
  readonly vatRateBp: number;
  readonly totalCents: number;
}

export interface InvoiceRequest {
  readonly reservationId: number;
  /** A ticket, a complete invoice, or a corrective invoice by differences (its amounts negative). */
  readonly kind: 'simplified' | 'complete' | 'corrective';
  readonly lines: readonly InvoiceLine[];
  readonly totals: Pick<BillTotals, 'baseCents' | 'vatCents' | 'totalCents' | 'discountCents' | 'taxLines'>;
  readonly client?: { readonly row: ClientFiscalInfoRow; readonly data: Record<string, unknown> };
  readonly replacesBillId?: number;
  /**
   * A corrective invoice's: the invoice it corrects, the legal ground (R1-R4; a ticket's is R5) and the
   * reason it prints.
   */
  readonly rectifies?: { readonly bill: BillRow; readonly ground: 1 | 2 | 3 | 4; readonly reason: string };
  readonly issuedByUserId: number;
  readonly actorRole: string;
  readonly issuedAt: Date;
}

/** The series of a venue's tickets (venue fiscalInfo.invoiceSeries, `T` by default). */
export function simplifiedSeries(venue: Venue): string {
  return venue.settings.fiscalInfo.invoiceSeries || 'T';
}

/**
 * Complete invoices have their own series (FIS-04): the venue's first series of kind `complete` (the
 * demo's `F`), or else the ticket series followed by `F`.
 */
export async function completeSeries(tx: Transaction, venue: Venue): Promise<string> {
  return (await firstSeriesOfKind(tx, venue.id, 'complete')) ?? `${simplifiedSeries(venue)}F`;
}

/**
 * Corrective invoices have a series of their own, as the law requires (RD 1619/2012 art. 15): the venue's
 * first series of kind `corrective`, or else the ticket series followed by `R`.
 */
export async function correctiveSeries(tx: Transaction, venue: Venue): Promise<string> {
  return (await firstSeriesOfKind(tx, venue.id, 'corrective')) ?? `${simplifiedSeries(venue)}R`;
}

/** Whether a total may go on a simplified invoice (hospitality: up to 3,000 EUR). */
export function fitsSimplifiedInvoice(totalCents: number): boolean {
  return totalCents <= SIMPLIFIED_INVOICE_LIMIT_CENTS;
}

/** The bill type of each kind of invoice (schema `bills.type`). */
const BILL_TYPES = { simplified: 1, complete: 2, corrective: 3 } as const;

/** Issues an invoice in the caller's transaction and returns its bill row. */
export async function issueInvoice(tx: Transaction, venue: Venue, request: InvoiceRequest): Promise<BillRow> {
  if (request.kind === 'simplified' && !fitsSimplifiedInvoice(request.totals.totalCents))
    throw new RangeError('A simplified invoice is limited to 3,000 EUR');
  if (request.kind === 'complete' && !request.client)
    throw new RangeError('A complete invoice needs a client');
  if ((request.kind === 'corrective') !== Boolean(request.rectifies))
    throw new RangeError('A corrective invoice, and only one, names the invoice it corrects');
  const series =
    request.kind === 'simplified'
      ? simplifiedSeries(venue)
      : request.kind === 'complete'
        ? await completeSeries(tx, venue)
        : await correctiveSeries(tx, venue);
  const number = await nextInvoiceNumber(tx, venue.id, series, request.kind);
  const bill = await insertBill(
    tx,
    {
      venueId: venue.id,
      reservationId: request.reservationId,
      type: BILL_TYPES[request.kind],
      series,
      number,
      issuedAt: request.issuedAt,
      baseCents: request.totals.baseCents,
      vatCents: request.totals.vatCents,
      totalCents: request.totals.totalCents,
      discountCents: request.totals.discountCents,
      clientFiscalInfo: request.client?.data ?? null,
      clientFiscalInfoId: request.client?.row.id ?? null,
      replacesBillId: request.replacesBillId ?? null,
      rectifiesBillId: request.rectifies?.bill.id ?? null,
      correctionReason: request.rectifies?.reason ?? null,
      createdByUserId: request.issuedByUserId,
    },
    request.lines.map((line, index) => ({ ...line, sortOrder: index })),
    request.totals.taxLines.map((line) => ({ ...line })),
  );
  const replaces = request.replacesBillId ? await findBill(tx, venue.id, request.replacesBillId) : undefined;
  await recordIssuedInvoice(
    tx,
    venue,
    bill,
    {
      taxLines: request.totals.taxLines,
      ...(request.client
        ? { recipient: { name: request.client.row.name, nif: request.client.row.taxId } }
        : {}),
      ...(replaces ? { replaces } : {}),
      ...(request.rectifies
        ? { rectifies: { invoice: request.rectifies.bill, ground: request.rectifies.ground } }
        : {}),
    },
    request.issuedAt,
  );
  const issuer = { principal: { userId: request.issuedByUserId }, actor: request.actorRole };
  await appendAudit(tx, venue.id, issuer, 'invoice.issue', 'bill', bill.id, null, {
    type: bill.type,
    series,
    number,
    totalCents: bill.totalCents,
    reservationId: request.reservationId,
    replacesBillId: bill.replacesBillId,
    rectifiesBillId: bill.rectifiesBillId,
  });
  return bill;
}
