import { describe, expect, it } from 'vitest';
import { addDays, formatLocalDateTime, isValidTimeZone, logicalDate } from './service-day.ts';

const MADRID = 'Europe/Madrid';

describe('logicalDate (06:00 service-day boundary, spec §4)', () => {
  it.each([
    ['2026-11-20T04:59:59Z', '2026-11-19'], // 05:59:59 in Madrid (CET): still Thursday's service
    ['2026-11-20T05:00:00Z', '2026-11-20'], // 06:00 Madrid: Friday's service starts
    ['2026-11-20T22:30:00Z', '2026-11-20'], // 23:30 dinner
    ['2026-11-20T23:10:00Z', '2026-11-20'], // 00:10 Saturday, paid after midnight: Friday's service
    ['2026-07-15T03:59:00Z', '2026-07-14'], // 05:59 CEST in summer
    ['2026-07-15T04:00:00Z', '2026-07-15'], // 06:00 CEST
  ])('%s is the service day %s in Madrid', (instant, expected) => {
    expect(logicalDate(new Date(instant), MADRID)).toBe(expected);
  });

  it('follows the clock change: on the night of 29 March 2026 (02:00 → 03:00) 05:30 local is still the 28th', () => {
    // 05:30 CEST on 29 March is 03:30 UTC.
    expect(logicalDate(new Date('2026-03-29T03:30:00Z'), MADRID)).toBe('2026-03-28');
    expect(logicalDate(new Date('2026-03-29T04:00:00Z'), MADRID)).toBe('2026-03-29');
  });

  it('on the night of 25 October 2026 (03:00 → 02:00) 05:59 CET is still the 24th', () => {
    expect(logicalDate(new Date('2026-10-25T04:59:00Z'), MADRID)).toBe('2026-10-24');
    expect(logicalDate(new Date('2026-10-25T05:00:00Z'), MADRID)).toBe('2026-10-25');
  });

  it('depends on the venue zone, not the machine zone', () => {
    const instant = new Date('2026-11-20T08:00:00Z');
    expect(logicalDate(instant, 'America/New_York')).toBe('2026-11-19'); // 03:00 in New York
    expect(logicalDate(instant, 'Asia/Tokyo')).toBe('2026-11-20'); // 17:00 in Tokyo
  });
});

describe('calendar helpers', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-11-22', 60)).toBe('2027-01-21');
  });

  it('formats local date-times as the spec writes them', () => {
    expect(formatLocalDateTime(new Date('2026-11-20T20:05:09Z'), MADRID)).toBe('2026-11-20 21:05:09');
  });

  it('knows IANA zones', () => {
    expect(isValidTimeZone(MADRID)).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
