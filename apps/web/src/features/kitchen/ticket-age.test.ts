import { describe, expect, it } from 'vitest';
import { ticketAge, ticketElapsed } from './ticket-age.ts';

describe('a ticket ageing', () => {
  const ordered = '2026-03-14T21:00:00+01:00';
  it('is fresh under ten minutes, waiting from ten, late from twenty', () => {
    expect(ticketAge(ordered, '2026-03-14T21:09:59+01:00')).toBe('fresh');
    expect(ticketAge(ordered, '2026-03-14T21:10:00+01:00')).toBe('waiting');
    expect(ticketAge(ordered, '2026-03-14T21:19:59+01:00')).toBe('waiting');
    expect(ticketAge(ordered, '2026-03-14T21:20:00+01:00')).toBe('late');
  });

  it('treats a clock slightly behind the order as fresh', () => {
    expect(ticketAge(ordered, '2026-03-14T20:59:30+01:00')).toBe('fresh');
  });

  it('labels the wait as the spec does: Nuevo, then minutes, then hours across midnight', () => {
    expect(ticketElapsed(ordered, '2026-03-14T21:00:40+01:00')).toBe('Nuevo');
    expect(ticketElapsed(ordered, '2026-03-14T21:12:00+01:00')).toBe("12'");
    expect(ticketElapsed('2026-03-14T23:30:00+01:00', '2026-03-15T01:45:00+01:00')).toBe('2h');
  });

  it('compares instants, whatever offset each side is written with', () => {
    expect(ticketAge('2026-03-14T21:00:00+01:00', '2026-03-14T20:25:00.000Z')).toBe('late');
    expect(ticketAge('2026-03-14T20:00:00.000Z', '2026-03-14T22:12:00+01:00')).toBe('late');
    expect(ticketAge('2026-03-14T20:00:00.000Z', '2026-03-14T21:12:00+01:00')).toBe('waiting');
  });

  it('refuses a bare local wall clock instead of reading it as UTC (issue 18)', () => {
    expect(() => ticketAge('2026-03-14 21:00:00', '2026-03-14T20:25:00.000Z')).toThrow(RangeError);
  });
});
