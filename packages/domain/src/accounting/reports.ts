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

export interface SalesDay {
  readonly date: IsoDate;
  readonly salesCents: number;
  readonly cashCents: number;
  readonly cardCents: number;
  readonly otherCents: number;
  readonly tipsCents: number;
  readonly invoicedCents: number;
  readonly baseCents: number;
  readonly vatCents: number;
  readonly tickets: number;
  readonly covers: number;
}

/** Sums of days: the range's totals. */
export function sumDays(days: readonly SalesDay[]): Omit<SalesDay, 'date'> {
  const keys = [
    'salesCents',
    'cashCents',
    'cardCents',
    'otherCents',
    'tipsCents',
    'invoicedCents',
    'baseCents',
    'vatCents',
    'tickets',
    'covers',
  ] as const;
  const total = Object.fromEntries(keys.map((key) => [key, 0])) as Record<(typeof keys)[number], number>;
  for (const day of days) for (const key of keys) total[key] += day[key];
  return total;
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
    'Efectivo',
    'Tarjeta',
    'Otro',
    'Propinas',
    'Facturado',
    'Base',
    'IVA',
    'Tickets',
    'Comensales',
    'Ticket medio',
  ];
  const rows = days.map((day) => [
    day.date,
    formatAmount(day.salesCents),
    formatAmount(day.cashCents),
    formatAmount(day.cardCents),
    formatAmount(day.otherCents),
    formatAmount(day.tipsCents),
    formatAmount(day.invoicedCents),
    formatAmount(day.baseCents),
    formatAmount(day.vatCents),
    String(day.tickets),
    String(day.covers),
    formatAmount(
      day.tickets === 0 ? 0 : Math.floor((2 * day.invoicedCents + day.tickets) / (2 * day.tickets)),
    ),
  ]);
  return `${[header, ...rows].map((row) => row.map(csvField).join(';')).join('\r\n')}\r\n`;
}
