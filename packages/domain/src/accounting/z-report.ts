import type { PaymentMethod } from '../billing/payments.ts';
import { formatAmount, formatInvoiceNumber, formatRate, wrapText } from '../billing/receipt-layout.ts';
import type { ReceiptWidth } from '../billing/receipt-layout.ts';
import { average } from './reports.ts';

/**
 * The Z report (issue 24, decision 033): what a shift or a service day sold (its standing invoices by VAT
 * rate, as its VERI*FACTU records say), what it took (payments by method, tips apart) and how its count came
 * out. Pure: the server gathers the sums, this shapes them and lays them out for the receipt printer and
 * the PDF.
 */

export interface ZSums {
  /** Payments taken (not voided), by method. */
  readonly paymentsByMethod: Readonly<Record<PaymentMethod, number>>;
  /** Tips by method: outside the VAT base (FIS-06). */
  readonly tipsByMethod: Readonly<Record<PaymentMethod, number>>;
  readonly voidedPayments: { readonly count: number; readonly cents: number };
  /**
   * Lines written off (mark-as-loss) while the shift was open or in the service day, at the price they
   * had: not sales, nothing was charged, but the manager reads what the kitchen lost.
   */
  readonly writtenOff: { readonly count: number; readonly cents: number };
  /**
   * The standing invoices' VAT per rate (base, tax, total), rates in basis points: corrective invoices
   * negative, cancelled ones and tickets a nominative invoice replaced left out (decision 045).
   */
  readonly vat: readonly {
    readonly vatRateBp: number;
    readonly baseCents: number;
    readonly vatCents: number;
    readonly totalCents: number;
  }[];
  /** Promotions and vouchers taken off those invoices (a correction gives its share back). */
  readonly discountCents: number;
  readonly vouchersCents: number;
  readonly series: readonly {
    readonly series: string;
    readonly first: number;
    readonly last: number;
    readonly count: number;
  }[];
  /** Corrective invoices among them (their totals, negative). */
  readonly corrections: { readonly count: number; readonly cents: number };
  /** Invoices issued in the time and cancelled in VERI*FACTU: no sale (their totals, left out). */
  readonly cancelled: { readonly count: number; readonly cents: number };
  /** Standing tickets and invoices of sale; corrective invoices are not tickets. */
  readonly tickets: number;
  /** The covers of the accounts whose first standing sale falls in the time, each account once. */
  readonly covers: number;
}

export interface ZBalance {
  readonly floatCents: number;
  readonly inCents: number;
  readonly outCents: number;
  readonly expectedCashCents: number | null;
  readonly countedCashCents: number | null;
  readonly cardRecordedCents: number | null;
  readonly cardReaderCents: number | null;
}

export interface ZReport extends ZSums {
  readonly kind: 'shift' | 'day';
  readonly venueName: string;
  readonly logicalDate: string;
  /** Local date-times as printed (dd/mm/yyyy hh:mm). */
  readonly from: string;
  readonly to: string;
  /** The sale: the VAT lines' totals added up. */
  readonly salesCents: number;
  /** The payments taken (not voided): the till's money, not the sale. */
  readonly collectedCents: number;
  readonly averageTicketCents: number;
  readonly balance: ZBalance;
}

/** Total sales = the VAT lines' totals; collected = the payments; the average ticket = sales / tickets. */
export function zReportOf(
  head: Pick<ZReport, 'kind' | 'venueName' | 'logicalDate' | 'from' | 'to'>,
  sums: ZSums,
  balance: ZBalance,
): ZReport {
  const salesCents = sums.vat.reduce((sum, line) => sum + line.totalCents, 0);
  return {
    ...head,
    ...sums,
    salesCents,
    collectedCents: sums.paymentsByMethod.cash + sums.paymentsByMethod.card + sums.paymentsByMethod.other,
    averageTicketCents: average(salesCents, sums.tickets),
    balance,
  };
}

const METHODS: readonly [PaymentMethod, string][] = [
  ['cash', 'Efectivo'],
  ['card', 'Tarjeta'],
  ['other', 'Otro'],
];

function row(left: string, right: string, width: number): string {
  const room = Math.max(1, width - right.length - 1);
  const shown = left.length > room ? left.slice(0, room) : left;
  return `${shown}${' '.repeat(width - shown.length - right.length)}${right}`;
}

/** The Z report in `width` columns, one string per printed line, in Spanish as the venue's till prints. */
export function layoutZReport(z: ZReport, width: ReceiptWidth): string[] {
  const rule = '-'.repeat(width);
  const title = z.kind === 'shift' ? 'INFORME Z - TURNO' : 'INFORME Z - DÍA';
  const lines: string[] = [
    ...wrapText(z.venueName, width),
    title,
    `Día de servicio: ${z.logicalDate}`,
    `Desde: ${z.from}`,
    `Hasta: ${z.to}`,
    rule,
    'VENTAS POR IVA (base / cuota / total)',
    ...z.vat.map((line) =>
      row(
        formatRate(line.vatRateBp),
        `${formatAmount(line.baseCents)} / ${formatAmount(line.vatCents)} / ${formatAmount(line.totalCents)}`,
        width,
      ),
    ),
    row('Total ventas', formatAmount(z.salesCents), width),
    row(`Rectificativas (${z.corrections.count})`, formatAmount(z.corrections.cents), width),
    row(`Facturas anuladas (${z.cancelled.count})`, formatAmount(z.cancelled.cents), width),
    rule,
    'COBROS POR FORMA DE PAGO',
    ...METHODS.map(([method, label]) => row(label, formatAmount(z.paymentsByMethod[method]), width)),
    row('Total cobrado', formatAmount(z.collectedCents), width),
    rule,
    'PROPINAS (fuera de la base)',
    ...METHODS.map(([method, label]) => row(label, formatAmount(z.tipsByMethod[method]), width)),
    rule,
    row('Descuentos y promociones', formatAmount(z.discountCents), width),
    row('Vales', formatAmount(z.vouchersCents), width),
    row(`Cobros anulados (${z.voidedPayments.count})`, formatAmount(z.voidedPayments.cents), width),
    row(`Mermas (${z.writtenOff.count})`, formatAmount(z.writtenOff.cents), width),
    rule,
    'FACTURAS',
    ...z.series.map((entry) =>
      row(
        `${entry.series} (${entry.count})`,
        `${formatInvoiceNumber(entry.series, entry.first)} a ${formatInvoiceNumber(entry.series, entry.last)}`,
        width,
      ),
    ),
    row('Tickets', String(z.tickets), width),
    row('Comensales', String(z.covers), width),
    row('Ticket medio', formatAmount(z.averageTicketCents), width),
    rule,
    'CAJA',
    row('Fondo inicial', formatAmount(z.balance.floatCents), width),
    row('Entradas', formatAmount(z.balance.inCents), width),
    row('Salidas', formatAmount(z.balance.outCents), width),
  ];
  const { expectedCashCents: expected, countedCashCents: counted } = z.balance;
  if (expected !== null) lines.push(row('Efectivo esperado', formatAmount(expected), width));
  if (counted !== null) lines.push(row('Efectivo contado', formatAmount(counted), width));
  if (expected !== null && counted !== null)
    lines.push(row('Diferencia', formatAmount(counted - expected), width));
  const { cardRecordedCents: recorded, cardReaderCents: reader } = z.balance;
  if (recorded !== null) lines.push(row('Tarjeta registrada', formatAmount(recorded), width));
  if (reader !== null) lines.push(row('Total datáfono', formatAmount(reader), width));
  if (recorded !== null && reader !== null)
    lines.push(row('Diferencia datáfono', formatAmount(reader - recorded), width));
  return lines;
}
