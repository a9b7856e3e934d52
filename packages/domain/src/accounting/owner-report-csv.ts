import { formatAmount } from '../billing/receipt-layout.ts';
import type { RangeFigures } from './owner-report.ts';
import { csvField, salesCsv } from './reports.ts';

/** The owner's reports one CSV each (semicolons, decimal commas, Spanish headers), as spreadsheets read them. */
export const OWNER_REPORTS = [
  'sales',
  'hours',
  'methods',
  'products',
  'categories',
  'vat',
  'staff',
  'service',
  'kitchen',
] as const;
export type OwnerReport = (typeof OWNER_REPORTS)[number];

const METHOD_NAMES: Readonly<Record<string, string>> = {
  cash: 'Efectivo',
  card: 'Tarjeta',
};

const DISCOUNTS_ROW = 'Descuentos y vales';

function table(rows: readonly (readonly string[])[]): string {
  return `${rows.map((row) => row.map(csvField).join(';')).join('\r\n')}\r\n`;
}

const percent = (bp: number) => formatAmount(bp);

export function ownerReportCsv(report: OwnerReport, figures: RangeFigures): string {
  switch (report) {
    case 'sales':
      return salesCsv(figures.days);
    case 'hours':
      return table([
        ['Hora', 'Ventas', 'Tickets'],
        ...figures.hours.map((row) => [
          `${row.key.padStart(2, '0')}:00`,
          formatAmount(row.cents),
          String(row.count),
        ]),
      ]);
    case 'methods':
      return table([
        ['Forma de pago', 'Importe', 'Pagos'],
        ...figures.methods.map((row) => [
          METHOD_NAMES[row.key] ?? row.key,
          formatAmount(row.cents),
          String(row.count),
        ]),
      ]);
    case 'products':
      return table([
        ['Producto', 'Importe', 'Unidades'],
        ...figures.products.map((row) => [row.key, formatAmount(row.cents), String(row.count)]),
      ]);
    case 'categories':
      // The discounts as their own row, so the column adds up to the sales.
      return table([
        ['Categoría', 'Importe', 'Unidades'],
        ...figures.categories.map((row) => [row.key, formatAmount(row.cents), String(row.count)]),
        ...(figures.totals.discountCents === 0
          ? []
          : [[DISCOUNTS_ROW, formatAmount(-figures.totals.discountCents), '']]),
      ]);
    case 'vat':
      return table([
        ['Tipo IVA %', 'Base', 'IVA', 'Total'],
        ...figures.vat.map((row) => [
          percent(row.vatRateBp),
          formatAmount(row.baseCents),
          formatAmount(row.vatCents),
          formatAmount(row.totalCents),
        ]),
      ]);
    case 'staff':
      return table([
        ['Empleado', 'Cobrado', 'Cobros', 'Propinas'],
        ...figures.staff.map((row) => [
          row.name,
          formatAmount(row.cents),
          String(row.count),
          formatAmount(row.tipsCents),
        ]),
      ]);
    case 'service':
      return table([
        ['Reservas', 'No presentados', 'Cancelaciones', 'Mesas con rotación', 'Rotación media (min)'],
        [
          String(figures.service.bookings),
          String(figures.service.noShows),
          String(figures.service.cancellations),
          String(figures.service.turns),
          String(figures.service.averageTurnMinutes),
        ],
      ]);
    case 'kitchen':
      return table([
        ['Estación', 'Líneas', 'Mediana (min)', 'Percentil 90 (min)'],
        ...figures.kitchen.map((row) => [
          row.station,
          String(row.lines),
          String(row.medianMinutes),
          String(row.p90Minutes),
        ]),
      ]);
  }
}
