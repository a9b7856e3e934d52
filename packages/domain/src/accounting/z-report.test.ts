import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutZReport, zReportOf, type ZBalance, type ZSums } from './z-report.ts';

const head = {
  kind: 'shift',
  venueName: 'Casa',
  logicalDate: '2026-11-20',
  from: '20/11/2026 12:00',
  to: '20/11/2026 23:00',
} as const;
const sums: ZSums = {
  paymentsByMethod: { cash: 2350, card: 2350, other: 0 },
  tipsByMethod: { cash: 0, card: 100, other: 0 },
  voidedPayments: { count: 1, cents: 500 },
  writtenOff: { count: 2, cents: 1300 },
  vat: [
    { vatRateBp: 1000, baseCents: 2364, vatCents: 236, totalCents: 2600 },
    { vatRateBp: 2100, baseCents: 1736, vatCents: 364, totalCents: 2100 },
  ],
  discountCents: 0,
  vouchersCents: 0,
  series: [{ series: 'T', first: 1, last: 2, count: 2 }],
  corrections: { count: 0, cents: 0 },
  cancelled: { count: 0, cents: 0 },
  tickets: 2,
  covers: 4,
};
const balance: ZBalance = {
  floatCents: 10_000,
  inCents: 0,
  outCents: 1500,
  expectedCashCents: 10_850,
  countedCashCents: 10_800,
  cardRecordedCents: 2450,
  cardReaderCents: null,
};

describe('the Z report', () => {
  it('sells what the VAT lines add up to, collects what the payments took; the average rounds half up', () => {
    const z = zReportOf(head, { ...sums, paymentsByMethod: { cash: 2350, card: 2350, other: 500 } }, balance);
    expect(z.salesCents).toBe(4700);
    expect(z.collectedCents).toBe(5200);
    expect(z.averageTicketCents).toBe(2350);
    expect(zReportOf(head, { ...sums, tickets: 3 }, balance).averageTicketCents).toBe(1567);
    expect(zReportOf(head, { ...sums, tickets: 0 }, balance).averageTicketCents).toBe(0);
  });

  it('prints the difference of the count, and no reader line when its total was not given', () => {
    const lines = layoutZReport(zReportOf(head, sums, balance), 42);
    expect(lines).toContain('Diferencia' + ' '.repeat(27) + '-0,50');
    expect(lines.some((line) => line.startsWith('Total datáfono'))).toBe(false);
    expect(lines).toContain('T (2)' + ' '.repeat(18) + 'T-000001 a T-000002');
    expect(lines).toContain('Mermas (2)' + ' '.repeat(27) + '13,00');
  });

  it('prints the sale by rate with its corrections and cancellations, then the money taken', () => {
    const lines = layoutZReport(
      zReportOf(
        head,
        {
          ...sums,
          corrections: { count: 1, cents: -350 },
          cancelled: { count: 1, cents: 2350 },
        },
        balance,
      ),
      42,
    );
    const at = (text: string) => lines.findIndex((line) => line.startsWith(text));
    expect(lines).toContain('Total ventas' + ' '.repeat(25) + '47,00');
    expect(lines).toContain('Rectificativas (1)' + ' '.repeat(19) + '-3,50');
    expect(lines).toContain('Facturas anuladas (1)' + ' '.repeat(16) + '23,50');
    expect(lines).toContain('Total cobrado' + ' '.repeat(24) + '47,00');
    expect(at('VENTAS POR IVA')).toBeLessThan(at('Total ventas'));
    expect(at('Total ventas')).toBeLessThan(at('COBROS POR FORMA DE PAGO'));
    expect(at('COBROS POR FORMA DE PAGO')).toBeLessThan(at('Total cobrado'));
  });

  it('never prints a line wider than the paper', () => {
    const money = fc.integer({ min: 0, max: 100_000_000 });
    fc.assert(
      fc.property(
        fc.constantFrom(42 as const, 48 as const),
        money,
        money,
        fc.string({ maxLength: 80 }),
        (width, a, b, name) => {
          const z = zReportOf(
            { ...head, venueName: name },
            {
              ...sums,
              paymentsByMethod: { cash: a, card: b, other: a },
              vat: [{ vatRateBp: 1000, baseCents: a, vatCents: b, totalCents: a + b }],
            },
            { ...balance, countedCashCents: a, expectedCashCents: b, cardReaderCents: a },
          );
          return layoutZReport(z, width).every((line) => line.length <= width);
        },
      ),
    );
  });
});
