import { describe, expect, it } from 'vitest';
import type { ExistingBooking } from './bookings.ts';
import { CoverIndex } from './pacing.ts';

const at = (hhmm: string): number => Date.parse(`2026-11-20T${hhmm}:00Z`);
const starting = (hhmm: string, pax: number, tableIds: number[] = [1]): ExistingBooking => ({
  tableIds,
  startsAt: new Date(at(hhmm)),
  endsAt: new Date(at(hhmm) + 90 * 60_000),
  pax,
});
const limit = { maxCovers: 30, windowMinutes: 15 };

describe('pacing (covers starting per window)', () => {
  it('counts the covers starting in the same slot', () => {
    const covers = new CoverIndex([starting('21:00', 20), starting('21:15', 8), starting('20:45', 30)]);
    expect(covers.allows(at('21:00'), 10, limit)).toBe(true);
    expect(covers.allows(at('21:00'), 11, limit)).toBe(false);
    expect(covers.allows(at('21:15'), 22, limit)).toBe(true);
    expect(covers.allows(at('21:15'), 23, limit)).toBe(false);
    expect(covers.allows(at('20:45'), 1, limit)).toBe(false);
    expect(covers.allows(at('21:30'), 30, limit)).toBe(true);
    expect(covers.allows(at('21:30'), 31, limit)).toBe(false); // a party above the limit never starts
  });

  it('uses a rolling window, so a start off the grid counts for the slots around it', () => {
    const covers = new CoverIndex([starting('21:00', 20), starting('21:10', 6), starting('21:15', 8)]);
    // [21:00, 21:15) holds 26.
    expect(covers.allows(at('21:00'), 4, limit)).toBe(true);
    expect(covers.allows(at('21:00'), 5, limit)).toBe(false);
    // For 21:15 the busiest window is [21:10, 21:25): 6 + 8.
    expect(covers.busiestWindowAround(at('21:15'), 15 * 60_000)).toBe(14);
    expect(covers.allows(at('21:15'), 16, limit)).toBe(true);
    expect(covers.allows(at('21:15'), 17, limit)).toBe(false);
    // A wider window: 25 covers per 30 minutes.
    expect(covers.allows(at('21:30'), 11, { maxCovers: 25, windowMinutes: 30 })).toBe(true); // [21:10, 21:40) = 14
    expect(covers.allows(at('21:30'), 12, { maxCovers: 25, windowMinutes: 30 })).toBe(false);
  });

  it('counts a party once however many tables it holds, and ignores bookings without pax', () => {
    const covers = new CoverIndex([
      starting('21:00', 12, [1, 2, 3]),
      { ...starting('21:00', 0), pax: undefined },
    ]);
    expect(covers.coversBetween(at('21:00'), at('21:15'))).toBe(12);
    expect(covers.allows(at('21:00'), 18, limit)).toBe(true);
  });
});
