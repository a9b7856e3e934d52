import { addDays, type IsoDate } from '../service-day.ts';
import { formatAmount } from '../billing/receipt-layout.ts';

/**
 * Owner reports' pure rules (issue 24 item 6, decision 033): the previous period a range is compared
 * with, the change between them, and the CSV an owner opens in a spreadsheet.
 */

/** Days from `from` to `to`, both included. */
export function daysInRange(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The period of the same length that ends the day before `from`. */
export function previousPeriod(from: IsoDate, to: IsoDate): { from: IsoDate; to: IsoDate } {
  const days = daysInRange(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** The change from `before` to `now` in basis points (12,34 % = 1234), or null when there was nothing before. */
export function changeBp(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) * 10_000) / Math.abs(before));
}

/**
 * A service day's figures (decisions 033, 045). The sale is what the day's standing invoices say, as its
 * VERI*FACTU records do: corrective invoices with their negative amounts, cancelled invoices and tickets a
 * nominative invoice replaced left out. Payments are the till's money, apart: the sale of an account paid
 * on another day, a payment of a cancelled ticket not voided yet, a refund paid out of the drawer make the
 * two differ.
 */
export interface SalesDay {
  readonly date: IsoDate;
  /** Base + VAT of the standing invoices; their VAT lines and their lines less `discountCents` add up to it. */
  readonly salesCents: number;
  readonly baseCents: number;
  readonly vatCents: number;
  /** Promotions and vouchers those invoices took off their lines (a correction gives its share back). */
  readonly discountCents: number;
  /** Standing tickets and invoices of sale; corrective invoices are not tickets. */
  readonly tickets: number;
  /** The covers of the accounts whose first standing sale is this day: an account's covers count once. */
  readonly covers: number;
  /** Payments taken and not voided, and by method. */
  readonly collectedCents: number;
  readonly cashCents: number;
  readonly cardCents: number;
  readonly otherCents: number;
  readonly tipsCents: number;
}

const SALES_DAY_FIGURES = [
  'salesCents',
  'baseCents',
  'vatCents',
  'discountCents',
  'tickets',
  'covers',
  'collectedCents',
  'cashCents',
  'cardCents',
  'otherCents',
  'tipsCents',
] as const;

/** Sums of days: the range's totals. */
export function sumDays(days: readonly SalesDay[]): Omit<SalesDay, 'date'> {
  const total = Object.fromEntries(SALES_DAY_FIGURES.map((key) => [key, 0])) as Record<
    (typeof SALES_DAY_FIGURES)[number],
    number
  >;
  for (const day of days) for (const key of SALES_DAY_FIGURES) total[key] += day[key];
  return total;
}

/**
 * `total / count` rounded half up (toward +∞ for a negative total: a day whose corrections outweigh its
 * sales), 0 for nothing. The average ticket is sales per ticket.
 */
export function average(total: number, count: number): number {
  return count === 0 ? 0 : Math.floor((2 * total + count) / (2 * count));
}

/** A CSV field: quoted when it holds a separator, a quote or a line break; formulas neutralised. */
export function csvField(value: string): string {
  const safe = /^[=+\-@]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[";\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The days as CSV (semicolons and decimal commas, as Spanish spreadsheets read them). */
export function salesCsv(days: readonly SalesDay[]): string {
  const header = [
    'Día',
    'Ventas',
    'Base',
    'IVA',
    'Descuentos',
    'Tickets',
    'Comensales',
    'Ticket medio',
    'Cobrado',
    'Efectivo',
    'Tarjeta',
    'Otro',
    'Propinas',
  ];
  const rows = days.map((day) => [
    day.date,
    formatAmount(day.salesCents),
    formatAmount(day.baseCents),
    formatAmount(day.vatCents),
    formatAmount(day.discountCents),
    String(day.tickets),
    String(day.covers),
    formatAmount(average(day.salesCents, day.tickets)),
    formatAmount(day.collectedCents),
    formatAmount(day.cashCents),
    formatAmount(day.cardCents),
    formatAmount(day.otherCents),
    formatAmount(day.tipsCents),
  ]);
  return `${[header, ...rows].map((row) => row.map(csvField).join(';')).join('\r\n')}\r\n`;
}
