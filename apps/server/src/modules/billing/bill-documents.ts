import {
  CANCELLED_MARK,
  QR_CAPTION_ABOVE,
  QR_CAPTION_BELOW,
  cents,
  formatInvoiceNumber,
  layoutReceipt,
  printedDateTime,
  receiptText,
  type CorrectiveType,
  type ReceiptData,
  type ReceiptKind,
  type ReceiptOption,
  type ReceiptRectification,
  type ReceiptTakeaway,
  type ReceiptWidth,
} from '@sobremesa/domain';
import QRCode from 'qrcode';
import { receiptPdf, type ReceiptCursor } from '../../lib/receipt-pdf.ts';
import type { TicketReviewQr } from '../reviews/reviews.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import type { BillLineRow, BillRow, BillTaxLineRow, PaymentRow } from './billing.repository.ts';

/**
 * The bill as a document: the ticket text for the receipt printer (ESC/POS, laid out by the domain's
 * receipt layout) and the same content as a PDF. Both carry what a Spanish simplified invoice must show
 * (RD 1619/2012 art. 7): number and series, date, the venue's fiscal data, lines, base and VAT per rate,
 * total.
 */

export interface BillDocumentInput {
  readonly venue: Venue;
  readonly bill: BillRow;
  readonly lines: readonly BillLineRow[];
  /** The priced options of each line's product order, printed under the dish. */
  readonly optionsByLine: ReadonlyMap<number, readonly ReceiptOption[]>;
  readonly taxLines: readonly BillTaxLineRow[];
  readonly payments: readonly PaymentRow[];
  readonly tipCents: number;
  readonly table: string | null;
  readonly replaces: BillRow | null;
  /** A corrective invoice's: the invoice it corrects. */
  readonly rectifies: BillRow | null;
  /** The AEAT type of the bill's record (a corrective's R1-R5), when it has one. */
  readonly recordType: string | null;
  /** When the invoice was cancelled in VERI*FACTU; its documents then carry the mark (decision 057). */
  readonly cancelledAt: Date | null;
  /** Why it was cancelled, kept with its cancellation record. */
  readonly cancellationReason: string | null;
  /** The AEAT checking URL of the invoice's VERI*FACTU record (FIS-04), when it has one. */
  readonly qrUrl: string | null;
  /** The guest review page's QR, below the fiscal block, on a paid bill (issue 26). */
  readonly reviewQr: TicketReviewQr | null;
  /** The takeaway order the account is for (issue 27), named on the ticket by its number. */
  readonly takeaway: ReceiptTakeaway | null;
}

/** The document each bill type is. */
const RECEIPT_KINDS: Readonly<Record<number, ReceiptKind>> = {
  0: 'bill',
  1: 'simplified',
  2: 'complete',
  3: 'corrective',
};

const isCorrectiveType = (type: string | null): type is CorrectiveType =>
  type !== null && /^R[1-5]$/.test(type);

/**
 * A corrective invoice's reference to the invoice it corrects. Its type is its record's; without one
 * (VERI*FACTU off), a ticket's correction is still an R5 and a complete invoice's ground goes unprinted.
 */
function rectificationOf(input: BillDocumentInput): ReceiptRectification | null {
  const corrected = input.rectifies;
  if (!corrected?.series || !corrected.number || !corrected.issuedAt) return null;
  const type = isCorrectiveType(input.recordType) ? input.recordType : corrected.type === 1 ? 'R5' : null;
  return {
    invoiceNumber: formatInvoiceNumber(corrected.series, corrected.number),
    issuedDate: printedDateTime(corrected.issuedAt, input.venue.timeZone).slice(0, 10),
    type,
    reason: input.bill.correctionReason,
  };
}

/** The ticket data of a bill. */
export function receiptDataOf(input: BillDocumentInput): ReceiptData {
  const { venue, bill } = input;
  const fiscal = venue.settings.fiscalInfo;
  const client = bill.clientFiscalInfo as { name?: string; taxId?: string; address?: string } | null;
  const kind = RECEIPT_KINDS[bill.type] ?? 'complete';
  return {
    kind,
    issuer: {
      businessName: venue.businessName,
      legalName: fiscal.legalName,
      taxId: fiscal.taxId,
      address: fiscal.address,
      postalCode: fiscal.postalCode,
      city: fiscal.city,
    },
    invoiceNumber: bill.series && bill.number ? formatInvoiceNumber(bill.series, bill.number) : null,
    dateTime: printedDateTime(bill.issuedAt ?? bill.createdAt, venue.timeZone),
    table: input.table,
    lines: input.lines.map((line) => ({
      units: line.units,
      description: line.description,
      unitPriceCents: line.unitPriceCents,
      totalCents: line.totalCents,
      options: line.productOrderId === null ? [] : (input.optionsByLine.get(line.productOrderId) ?? []),
    })),
    discountCents: bill.discountCents,
    taxLines: input.taxLines.map((line) => ({
      vatRateBp: line.vatRateBp,
      baseCents: cents(line.baseCents),
      vatCents: cents(line.vatCents),
      totalCents: cents(line.totalCents),
    })),
    totalCents: bill.totalCents,
    client: client
      ? { name: client.name ?? '', taxId: client.taxId ?? '', address: client.address ?? '' }
      : null,
    replaces:
      input.replaces?.series && input.replaces.number
        ? formatInvoiceNumber(input.replaces.series, input.replaces.number)
        : null,
    rectifies: rectificationOf(input),
    cancelledAt: input.cancelledAt ? printedDateTime(input.cancelledAt, venue.timeZone) : null,
    cancellationReason: input.cancellationReason,
    payments: input.payments.map((payment) => ({
      method: payment.method as 'cash' | 'card' | 'other',
      amountCents: payment.amountCents,
      tenderedCents: payment.tenderedCents,
      changeCents: payment.changeCents,
    })),
    tipCents: input.tipCents,
    takeaway: input.takeaway,
  };
}

/** The ticket text the receipt printer prints. */
export function ticketText(input: BillDocumentInput, width: ReceiptWidth): string {
  return receiptText(receiptDataOf(input), width);
}

/** The QR's side on the PDF: 35 mm, inside the 30-40 mm the Orden HAC/1177/2024 asks for. */
const QR_SIDE_PT = (35 / 25.4) * 72;
/** The review QR is smaller (22 mm): an invitation, not the tax agency's mark, and still easy to scan. */
const REVIEW_QR_SIDE_PT = (22 / 25.4) * 72;

const qrPng = (url: string) =>
  QRCode.toBuffer(url, { errorCorrectionLevel: 'M', type: 'png', margin: 4, scale: 8 });

/**
 * The bill as a PDF: the ticket's 48-column layout in a monospaced font on an A4 page, so the PDF and
 * the printed ticket always say the same thing. Text stays text (pdftotext reads it back). An invoice
 * with a VERI*FACTU record ends with its QR, "QR tributario:" above and "VERI*FACTU" below (FIS-04);
 * a paid one then has the smaller review QR with its line ("Valora tu visita"). A cancelled one is
 * stamped "ANULADA" across each page besides the mark its text carries.
 */
export async function billPdf(input: BillDocumentInput): Promise<Buffer> {
  const qrImage = input.qrUrl ? await qrPng(input.qrUrl) : null;
  const reviewImage = input.reviewQr ? await qrPng(input.reviewQr.url) : null;
  const data = receiptDataOf(input);
  const document = data.kind === 'corrective' ? 'Factura rectificativa' : 'Factura';
  const state = data.cancelledAt ? ' (anulada)' : '';
  const title = data.invoiceNumber ? `${document} ${data.invoiceNumber}${state}` : `Cuenta ${input.bill.id}`;
  return receiptPdf({ Title: title, Author: input.venue.businessName }, layoutReceipt(data, 48), {
    after: (cursor) => {
      if (qrImage) drawQr(cursor, qrImage, QR_SIDE_PT, QR_CAPTION_ABOVE, QR_CAPTION_BELOW);
      if (reviewImage && input.reviewQr)
        drawQr(cursor, reviewImage, REVIEW_QR_SIDE_PT, input.reviewQr.caption);
    },
    ...(data.cancelledAt ? { stamp: CANCELLED_MARK } : {}),
  });
}

/** A QR centred under the ticket with its caption above (and one below), on a new page when it does not fit. */
function drawQr(cursor: ReceiptCursor, image: Buffer, side: number, above: string, below?: string): void {
  const { document, x, width, lineHeight, top, bottom } = cursor;
  const captions = below === undefined ? 2 : 3;
  if (cursor.y + side + captions * lineHeight > bottom + lineHeight) {
    document.addPage();
    cursor.y = top;
  }
  cursor.y += lineHeight;
  document.text(above, x, cursor.y, { width, align: 'center', lineBreak: false });
  cursor.y += lineHeight;
  document.image(image, x + (width - side) / 2, cursor.y, { width: side, height: side });
  cursor.y += side + lineHeight / 2;
  if (below === undefined) return;
  document.text(below, x, cursor.y, { width, align: 'center', lineBreak: false });
  cursor.y += lineHeight;
}
