import { describe, expect, it } from 'vitest';
import { ownerReportCsv } from './owner-report-csv.ts';
import { NO_SERVICE, percentileMinutes, sumFacts, type DayFacts } from './owner-report.ts';

const day = (date: string, over: Partial<DayFacts> = {}): DayFacts => ({
  sales: {
    date,
    salesCents: 1000,
    baseCents: 909,
    vatCents: 91,
    discountCents: 0,
    tickets: 3,
    covers: 4,
    collectedCents: 1000,
    cashCents: 1000,
    cardCents: 0,
    otherCents: 0,
    tipsCents: 0,
  },
  hours: [],
  methods: [{ key: 'cash', cents: 1000, count: 1 }],
  products: [],
  categories: [],
  vat: [{ vatRateBp: 1000, baseCents: 909, vatCents: 91, totalCents: 1000 }],
  staff: [],
  service: NO_SERVICE,
  kitchen: [],
  ...over,
});

describe('the owner reports of a range', () => {
  it('are the sums of their days, the average ticket rounded half up', () => {
    const range = sumFacts([
      day('2026-11-21', {
        hours: [
          { key: '1', cents: 300, count: 1 },
          { key: '21', cents: 700, count: 2 },
        ],
        products: [{ key: 'Bravas', cents: 650, count: 1 }],
        service: { bookings: 4, noShows: 1, cancellations: 1, turnMinutes: 90, turns: 1 },
      }),
      day('2026-11-20', {
        hours: [{ key: '13', cents: 1000, count: 3 }],
        products: [
          { key: 'Bravas', cents: 1300, count: 2 },
          { key: 'Caña', cents: 350, count: 1 },
        ],
        service: { bookings: 2, noShows: 0, cancellations: 0, turnMinutes: 61, turns: 2 },
      }),
    ]);
    expect(range.days.map((d) => d.date)).toEqual(['2026-11-20', '2026-11-21']);
    expect(range.hours.map((row) => row.key)).toEqual(['13', '21', '1']);
    expect(range.totals.salesCents).toBe(2000);
    expect(range.averageTicketCents).toBe(333); // 2000 / 6
    expect(range.methods).toEqual([{ key: 'cash', cents: 2000, count: 2 }]);
    expect(range.vat).toEqual([{ vatRateBp: 1000, baseCents: 1818, vatCents: 182, totalCents: 2000 }]);
    expect(range.products).toEqual([
      { key: 'Bravas', cents: 1950, count: 3 },
      { key: 'Caña', cents: 350, count: 1 },
    ]);
    expect(range.service).toEqual({
      bookings: 6,
      noShows: 1,
      cancellations: 1,
      turnMinutes: 151,
      turns: 3,
      averageTurnMinutes: 50,
    });
  });

  it('take kitchen medians and 90th percentiles from the days’ histograms together', () => {
    const kitchen = (station: string, minutes: number, count: number) => ({ station, minutes, count });
    const range = sumFacts([
      day('2026-11-20', { kitchen: [kitchen('Plancha', 10, 5), kitchen('Plancha', 20, 4)] }),
      day('2026-11-21', { kitchen: [kitchen('Plancha', 12, 1), kitchen('Barra', 3, 2)] }),
    ]);
    // Plancha: 10×5, 12×1, 20×4 → the 5th of 10 is 10, the 9th is 20.
    expect(range.kitchen).toEqual([
      { station: 'Barra', lines: 2, medianMinutes: 3, p90Minutes: 3 },
      { station: 'Plancha', lines: 10, medianMinutes: 10, p90Minutes: 20 },
    ]);
    expect(percentileMinutes([], 0.5)).toBe(0);
  });

  it('export as CSV, one report at a time, formula-like names neutralised', () => {
    const range = sumFacts([
      day('2026-11-20', { products: [{ key: '=HYPERLINK("x")', cents: 1000, count: 2 }] }),
    ]);
    expect(ownerReportCsv('products', range)).toBe(
      'Producto;Importe;Unidades\r\n"\'=HYPERLINK(""x"")";10,00;2\r\n',
    );
    expect(ownerReportCsv('vat', range).split('\r\n')[1]).toBe('10,00;9,09;0,91;10,00');
  });

  it('close the categories with the discounts, so they add up to the sales', () => {
    const sales = { ...day('2026-11-20').sales, salesCents: 1000, discountCents: 200 };
    const range = sumFacts([
      day('2026-11-20', { sales, categories: [{ key: 'Entrantes', cents: 1200, count: 2 }] }),
    ]);
    expect(ownerReportCsv('categories', range).split('\r\n')).toEqual([
      'Categoría;Importe;Unidades',
      'Entrantes;12,00;2',
      'Descuentos y vales;-2,00;',
      '',
    ]);
    expect(ownerReportCsv('categories', sumFacts([day('2026-11-20')]))).toBe(
      'Categoría;Importe;Unidades\r\n',
    );
  });
});
