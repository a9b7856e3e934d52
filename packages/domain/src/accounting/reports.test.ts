import { describe, expect, it } from 'vitest';
import { changeBp, daysInRange, previousPeriod, salesCsv, sumDays, type SalesDay } from './reports.ts';

const day = (date: string, salesCents: number): SalesDay => ({
  date,
  salesCents,
  cashCents: salesCents,
  cardCents: 0,
  otherCents: 0,
  tipsCents: 0,
  invoicedCents: salesCents,
  baseCents: 0,
  vatCents: 0,
  tickets: 3,
  covers: 6,
});

describe('owner reports', () => {
  it('compares a range with the period of the same length just before it, across months and leap days', () => {
    expect(previousPeriod('2026-11-20', '2026-11-20')).toEqual({ from: '2026-11-19', to: '2026-11-19' });
    expect(previousPeriod('2026-11-01', '2026-11-30')).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(previousPeriod('2024-03-01', '2024-03-07')).toEqual({ from: '2024-02-23', to: '2024-02-29' });
    expect(daysInRange('2026-01-01', '2026-12-31')).toBe(365);
  });

  it('gives the change in basis points, none when there was nothing before', () => {
    expect(changeBp(12_000, 10_000)).toBe(2000);
    expect(changeBp(5_000, 10_000)).toBe(-5000);
    expect(changeBp(5_000, 0)).toBeNull();
  });

  it('sums days and writes them as semicolon CSV with decimal commas', () => {
    const days = [day('2026-11-20', 4700), day('2026-11-21', 1000)];
    expect(sumDays(days)).toMatchObject({ salesCents: 5700, tickets: 6, covers: 12 });
    const csv = salesCsv(days).split('\r\n');
    expect(csv[0]).toBe(
      'Día;Ventas;Efectivo;Tarjeta;Otro;Propinas;Facturado;Base;IVA;Tickets;Comensales;Ticket medio',
    );
    expect(csv[1]).toBe('2026-11-20;47,00;47,00;0,00;0,00;0,00;47,00;0,00;0,00;3;6;15,67');
  });
});
