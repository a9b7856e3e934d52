import { describe, expect, it } from 'vitest';
import {
  average,
  changeBp,
  daysInRange,
  previousPeriod,
  salesCsv,
  sumDays,
  type SalesDay,
} from './reports.ts';

const day = (date: string, salesCents: number): SalesDay => ({
  date,
  salesCents,
  baseCents: 0,
  vatCents: 0,
  discountCents: 0,
  tickets: 3,
  covers: 6,
  collectedCents: salesCents + 500,
  cashCents: salesCents + 500,
  cardCents: 0,
  otherCents: 0,
  tipsCents: 0,
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
    expect(sumDays(days)).toMatchObject({ salesCents: 5700, collectedCents: 6700, tickets: 6, covers: 12 });
    const csv = salesCsv(days).split('\r\n');
    expect(csv[0]).toBe(
      'Día;Ventas;Base;IVA;Descuentos;Tickets;Comensales;Ticket medio;Cobrado;Efectivo;Tarjeta;Otro;Propinas',
    );
    expect(csv[1]).toBe('2026-11-20;47,00;0,00;0,00;0,00;3;6;15,67;52,00;52,00;0,00;0,00;0,00');
  });

  it('averages half up, a day a correction left negative too, and nothing without tickets', () => {
    expect(average(4700, 3)).toBe(1567);
    expect(average(-350, 0)).toBe(0);
    expect(average(-350, 2)).toBe(-175);
    expect(average(-351, 2)).toBe(-175);
  });
});
