import type { StationTicketLine } from '../product-order/station-ticket.ts';
import type { TaxLine } from './totals.ts';

/**
 * The text layout of a ticket for 80 mm (48 columns) and 58 mm (42 columns at the small font) receipt
 * printers, shared by the server (`bill/print-info`) and the print helper. Pure text: the printer
 * driver adds initialisation and the cut. A simplified invoice carries what RD 1619/2012 art. 7 asks:
 * number and series, date of issue, the issuer's name, tax id and address, the lines, the VAT rate(s)
 * with base and quota per rate ("IVA incluido"), and the total; a corrective invoice also what art. 15
 * asks: that it is "rectificativa", the invoice it corrects and why. The labels are Spanish: the ticket is a
 * Spanish fiscal document whatever the screen's language (decision 057).
 */

/** Receipt printer widths in characters. */
export const RECEIPT_WIDTHS = [42, 48] as const;
export type ReceiptWidth = (typeof RECEIPT_WIDTHS)[number];

/** Which document a ticket is (bill type 0, 1, 2 or 3). */
export type ReceiptKind = 'bill' | 'simplified' | 'complete' | 'corrective';

/** The VERI*FACTU type of a corrective invoice: R1-R4 by the ground of art. 80 LIVA, R5 for a ticket's. */
export type CorrectiveType = 'R1' | 'R2' | 'R3' | 'R4' | 'R5';

/**
 * What a corrective invoice says of the invoice it corrects (RD 1619/2012 art. 15): that invoice's series
 * and number and issue date, the legal ground (its record's type; null when VERI*FACTU was off and the
 * invoice is no ticket) and the cashier's reason (null on one issued before the reason was kept).
 */
export interface ReceiptRectification {
  readonly invoiceNumber: string;
  /** The corrected invoice's issue date, e.g. `20/11/2026`. */
  readonly issuedDate: string;
  readonly type: CorrectiveType | null;
  readonly reason: string | null;
}

/** Everything a ticket prints; dates come formatted in the venue's time zone by the caller. */
export interface ReceiptData {
  readonly kind: ReceiptKind;
  readonly issuer: {
    readonly businessName: string;
    readonly legalName: string;
    readonly taxId: string;
    readonly address: string;
    readonly postalCode: string;
    readonly city: string;
  };
  /** Series and number; null for a bill (type 0), which is no invoice. */
  readonly invoiceNumber: string | null;
  /** Date and time of issue (or of the bill), e.g. `22/11/2026 14:05`. */
  readonly dateTime: string;
  readonly table: string | null;
  readonly lines: readonly {
    readonly units: number;
    readonly description: string;
    readonly unitPriceCents: number;
    readonly totalCents: number;
    /** Priced options chosen for the dish (a supplement, a premium gin), each per unit, part of its price. */
    readonly options?: readonly ReceiptOption[];
  }[];
  readonly discountCents: number;
  readonly taxLines: readonly TaxLine[];
  readonly totalCents: number;
  /** The client of a nominative invoice. */
  readonly client?: { readonly name: string; readonly taxId: string; readonly address: string } | null;
  /** The invoice a nominative invoice replaces. */
  readonly replaces?: string | null;
  /** A corrective invoice's reference to the invoice it corrects. */
  readonly rectifies?: ReceiptRectification | null;
  /**
   * When the invoice was cancelled in VERI*FACTU (its RegistroAnulacion), e.g. `21/11/2026 10:02`: the
   * ticket then says so at its top and its foot, so a reprint is never handed over as valid.
   */
  readonly cancelledAt?: string | null;
  /** Why it was cancelled, printed in the cancelled mark (none on a cancellation older than the reason). */
  readonly cancellationReason?: string | null;
  readonly payments?: readonly {
    readonly method: 'cash' | 'card' | 'other';
    readonly amountCents: number;
    readonly tenderedCents?: number | null;
    readonly changeCents?: number | null;
  }[];
  /** Tips, printed below the total: they are not part of it (FIS-06). */
  readonly tipCents?: number;
  /** The takeaway or delivery order the bill is for (issue 27): its mode and the number called out. */
  readonly takeaway?: ReceiptTakeaway | null;
}

export interface ReceiptTakeaway {
  readonly number: number;
  readonly mode: 'pickup' | 'delivery';
}

/**
 * The two lines that start a takeaway ticket: the mode, then the order number the counter calls out.
 * The printer prints them big (the bill's `print-info` names the order); the text and the PDF carry them too.
 */
export function takeawayHeading(takeaway: ReceiptTakeaway): { mode: string; number: string } {
  return {
    mode: takeaway.mode === 'delivery' ? 'A DOMICILIO' : 'PARA LLEVAR',
    number: `PEDIDO ${takeaway.number}`,
  };
}

/** A priced option printed under its dish: its name and what it adds to one unit. */
export interface ReceiptOption {
  readonly name: string;
  readonly unitPriceCents: number;
}

/**
 * How a line prints with its options (issue 18): the dish at its own price, then each priced option
 * under it at its own, so the amounts column adds up to the line (and the menu's price shows on the
 * ticket). Options that do not fit in the line's price (a line given away) leave it printed whole.
 */
export function splitLineOptions(line: {
  readonly unitPriceCents: number;
  readonly options?: readonly ReceiptOption[];
}): { dishUnitCents: number; options: readonly ReceiptOption[] } {
  const options = (line.options ?? []).filter((option) => option.unitPriceCents > 0);
  const added = options.reduce((sum, option) => sum + option.unitPriceCents, 0);
  if (options.length === 0 || added > line.unitPriceCents)
    return { dishUnitCents: line.unitPriceCents, options: [] };
  return { dishUnitCents: line.unitPriceCents - added, options };
}

/** Formats cents the Spanish way: `1.234,50` (spec §9: euro with comma decimal). */
export function formatAmount(value: number): string {
  const sign = value < 0 ? '-' : '';
  const absolute = Math.abs(value);
  const units = Math.floor(absolute / 100).toString();
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${grouped},${String(absolute % 100).padStart(2, '0')}`;
}

/** Formats a VAT rate in basis points: `10%`, `21%`, `5,5%`. */
export function formatRate(vatRateBp: number): string {
  const whole = Math.floor(vatRateBp / 100);
  const fraction = vatRateBp % 100;
  if (fraction === 0) return `${whole}%`;
  return `${whole},${String(fraction).padStart(2, '0').replace(/0$/, '')}%`;
}

/** The printed invoice number: series, dash, number padded to six digits (`T-000042`). */
export function formatInvoiceNumber(series: string, number: number): string {
  return `${series}-${String(number).padStart(6, '0')}`;
}

/** Words wrapped to `width` columns; a word longer than the width is cut. */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > width) {
      if (current) lines.push(current);
      current = '';
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
    }
    if (!rest) continue;
    if (!current) current = rest;
    else if (current.length + 1 + rest.length <= width) current = `${current} ${rest}`;
    else {
      lines.push(current);
      current = rest;
    }
  }
  if (current) lines.push(current);
  return lines;
}

function center(text: string, width: number): string[] {
  return wrapText(text, width).map((line) => {
    const pad = Math.floor((width - line.length) / 2);
    return `${' '.repeat(pad)}${line}`;
  });
}

function leftRight(left: string, right: string, width: number): string {
  const room = Math.max(1, width - right.length - 1);
  const shown = left.length > room ? left.slice(0, room) : left;
  return `${shown}${' '.repeat(width - shown.length - right.length)}${right}`;
}

const METHOD_LABELS = { cash: 'Efectivo', card: 'Tarjeta', other: 'Otro' } as const;
const TITLES: Record<ReceiptKind, string> = {
  bill: 'CUENTA',
  simplified: 'FACTURA SIMPLIFICADA',
  complete: 'FACTURA',
  corrective: 'FACTURA RECTIFICATIVA',
};

/** The legal ground each corrective type stands for (art. 80 LIVA; R5, a ticket's correction). */
const CORRECTIVE_GROUNDS: Record<CorrectiveType, string> = {
  R1: 'R1, art. 80.Uno, Dos y Seis LIVA',
  R2: 'R2, art. 80.Tres LIVA',
  R3: 'R3, art. 80.Cuatro LIVA',
  R4: 'R4, otras causas',
  R5: 'R5, factura simplificada',
};

/** The words that mark a cancelled invoice, at its top and its foot. */
export const CANCELLED_MARK = 'ANULADA';

/**
 * The corrective invoice's block under its heading: the invoice corrected and its date, the ground, that it
 * corrects by differences (its amounts are what changes, negative when given back; decision 057) and why.
 */
function rectificationLines(rectifies: ReceiptRectification, width: ReceiptWidth): string[] {
  const out = [
    leftRight('Rectifica a:', rectifies.invoiceNumber, width),
    leftRight('  de fecha:', rectifies.issuedDate, width),
  ];
  if (rectifies.type) out.push(...wrapText(`Tipo: ${CORRECTIVE_GROUNDS[rectifies.type]}`, width));
  out.push(
    ...wrapText(
      'Rectificación por diferencias: los importes son la diferencia con la factura rectificada',
      width,
    ),
  );
  if (rectifies.reason) out.push(...wrapText(`Motivo: ${rectifies.reason}`, width));
  return out;
}

/**
 * The cancelled invoice's mark under its heading: boxed, with the date it was cancelled and why. "Motivo:"
 * is the corrective invoice's label: a Spanish fiscal label as the rest of the document (decision 057).
 */
function cancelledLines(cancelledAt: string, reason: string | null, width: ReceiptWidth): string[] {
  const stars = '*'.repeat(width);
  return [
    stars,
    ...center(`*** FACTURA ${CANCELLED_MARK} ***`, width),
    leftRight('Anulada el:', cancelledAt, width),
    ...(reason ? wrapText(`Motivo: ${reason}`, width) : []),
    ...center('Sin validez: no entregar como factura', width),
    stars,
  ];
}

/** Lays a ticket out in `width` columns, one string per printed line (no trailing spaces). */
export function layoutReceipt(data: ReceiptData, width: ReceiptWidth): string[] {
  const out: string[] = [];
  const rule = '-'.repeat(width);
  const { issuer } = data;
  out.push(...center(issuer.businessName, width));
  if (issuer.legalName && issuer.legalName !== issuer.businessName)
    out.push(...center(issuer.legalName, width));
  if (issuer.taxId) out.push(...center(`NIF: ${issuer.taxId}`, width));
  if (issuer.address) out.push(...center(issuer.address, width));
  const place = [issuer.postalCode, issuer.city].filter(Boolean).join(' ');
  if (place) out.push(...center(place, width));
  out.push(rule);
  out.push(...center(TITLES[data.kind], width));
  if (data.cancelledAt) out.push(...cancelledLines(data.cancelledAt, data.cancellationReason ?? null, width));
  if (data.invoiceNumber) out.push(leftRight('Nº:', data.invoiceNumber, width));
  out.push(leftRight('Fecha:', data.dateTime, width));
  if (data.table) out.push(leftRight('Mesa:', data.table, width));
  if (data.takeaway) {
    const heading = takeawayHeading(data.takeaway);
    out.push(leftRight(`${heading.mode}:`, heading.number, width));
  }
  if (data.replaces) out.push(leftRight('Sustituye a:', data.replaces, width));
  if (data.rectifies) out.push(...rectificationLines(data.rectifies, width));
  if (data.client) {
    out.push(rule);
    out.push(...wrapText(`Cliente: ${data.client.name}`, width));
    out.push(...wrapText(`NIF: ${data.client.taxId}`, width));
    if (data.client.address) out.push(...wrapText(data.client.address, width));
  }
  out.push(rule);
  const amountWidth = 10;
  out.push(leftRight('Uds Descripción', 'Importe', width));
  for (const line of data.lines) {
    const { dishUnitCents, options } = splitLineOptions(line);
    const dishCents = options.length > 0 ? line.units * dishUnitCents : line.totalCents;
    const text = wrapText(`${line.units} ${line.description}`, width - amountWidth - 1);
    text.forEach((part, index) => {
      out.push(index === 0 ? leftRight(part, formatAmount(dishCents), width) : `  ${part}`);
    });
    if (Math.abs(line.units) > 1) out.push(`  ${line.units} x ${formatAmount(dishUnitCents)}`);
    for (const option of options) {
      wrapText(option.name, width - amountWidth - 5).forEach((part, index) => {
        const amount = formatAmount(line.units * option.unitPriceCents);
        out.push(index === 0 ? leftRight(`  + ${part}`, amount, width) : `    ${part}`);
      });
    }
  }
  out.push(rule);
  // A corrective invoice's discount is negative: the part of the discount its lines had, given back.
  if (data.discountCents !== 0) out.push(leftRight('Descuento', formatAmount(-data.discountCents), width));
  // Base and quota per VAT rate: four right-aligned columns.
  const first = width - 3 * Math.floor((width - 6) / 3);
  const column = Math.floor((width - 6) / 3);
  const row = (a: string, b: string, c: string, d: string) =>
    `${a.padEnd(first)}${b.padStart(column)}${c.padStart(column)}${d.padStart(column)}`.trimEnd();
  out.push(row('IVA', 'Base', 'Cuota', 'Total'));
  for (const tax of data.taxLines) {
    out.push(
      row(
        formatRate(tax.vatRateBp),
        formatAmount(tax.baseCents),
        formatAmount(tax.vatCents),
        formatAmount(tax.totalCents),
      ),
    );
  }
  out.push(rule);
  out.push(leftRight('TOTAL (IVA incluido)', `${formatAmount(data.totalCents)} EUR`, width));
  for (const payment of data.payments ?? []) {
    out.push(leftRight(METHOD_LABELS[payment.method], formatAmount(payment.amountCents), width));
    if (
      payment.method === 'cash' &&
      payment.tenderedCents !== null &&
      payment.tenderedCents !== undefined &&
      payment.changeCents !== null &&
      payment.changeCents !== undefined
    ) {
      out.push(leftRight('  Entregado', formatAmount(payment.tenderedCents), width));
      out.push(leftRight('  Cambio', formatAmount(payment.changeCents), width));
    }
  }
  if (data.tipCents && data.tipCents > 0)
    out.push(leftRight('Propina (fuera de factura)', formatAmount(data.tipCents), width));
  if (data.kind === 'bill') out.push(...center('Documento no válido como factura', width));
  else if (data.cancelledAt) out.push(...center(`FACTURA ${CANCELLED_MARK} - SIN VALIDEZ`, width));
  else out.push(...center('Gracias por su visita', width));
  return out.map((line) => line.trimEnd());
}

/** The ticket as one text (lines joined with `\n`, ending with one). */
export function receiptText(data: ReceiptData, width: ReceiptWidth): string {
  return `${layoutReceipt(data, width).join('\n')}\n`;
}

/**
 * A takeaway bill's ticket as the print helper's lines: the mode in bold and the order number double
 * size, centred, so the counter calls it out at a glance; then the ticket's own text, line for line.
 */
export function takeawayTicketLines(takeaway: ReceiptTakeaway, text: string): StationTicketLine[] {
  const heading = takeawayHeading(takeaway);
  return [
    { text: heading.mode, align: 'center', bold: true },
    { text: heading.number, align: 'center', bold: true, size: 'large' },
    { separator: true },
    ...text
      .replace(/\n$/, '')
      .split('\n')
      .map((line): StationTicketLine => ({ text: line })),
  ];
}
