import { describe, expect, it } from 'vitest';
import { elapsedLabel } from './reservation-status/labels.ts';
import {
  addDays,
  formatLocalDateTime,
  formatOffsetDateTime,
  isValidTimeZone,
  logicalDate,
  parseOffsetDateTime,
  printedDateTime,
  toZoned,
} from './service-day.ts';

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

  it("prints a ticket's date and time the Spanish way, past midnight on a 24-hour clock", () => {
    expect(printedDateTime(new Date('2026-11-22T13:05:00Z'), MADRID)).toBe('22/11/2026 14:05');
    expect(printedDateTime(new Date('2026-07-04T22:30:00Z'), MADRID)).toBe('05/07/2026 00:30');
  });

  it('knows IANA zones', () => {
    expect(isValidTimeZone(MADRID)).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});

describe('instants on the wire carry their offset (issue 18)', () => {
  it.each([
    ['2026-01-15T19:30:00Z', '2026-01-15T20:30:00+01:00'], // winter (CET)
    ['2026-07-15T18:30:00Z', '2026-07-15T20:30:00+02:00'], // summer (CEST)
    ['2026-03-29T00:59:59Z', '2026-03-29T01:59:59+01:00'], // the last second before 02:00 → 03:00
    ['2026-03-29T01:00:00Z', '2026-03-29T03:00:00+02:00'], // the first after
    ['2026-10-25T00:30:00Z', '2026-10-25T02:30:00+02:00'], // 02:30 happens twice: first in CEST
    ['2026-10-25T01:30:00Z', '2026-10-25T02:30:00+01:00'], // then in CET
  ])('%s is %s in Madrid and reads back as the same instant', (instant, expected) => {
    const text = formatOffsetDateTime(new Date(instant), MADRID);
    expect(text).toBe(expected);
    expect(parseOffsetDateTime(text).toISOString()).toBe(new Date(instant).toISOString());
  });

  it('writes zones west of UTC and half-hour offsets', () => {
    expect(formatOffsetDateTime(new Date('2026-11-20T08:00:00Z'), 'America/New_York')).toBe(
      '2026-11-20T03:00:00-05:00',
    );
    expect(formatOffsetDateTime(new Date('2026-11-20T08:00:00Z'), 'Asia/Kolkata')).toBe(
      '2026-11-20T13:30:00+05:30',
    );
  });

  it('gives the time since seated right in winter, in summer and across the clock change', () => {
    const seatedAndNow: [string, string, string][] = [
      ['2026-01-15T19:30:00Z', '2026-01-15T19:45:00Z', "15'"], // winter: not "Nuevo" for an hour
      ['2026-07-15T18:30:00Z', '2026-07-15T20:10:00Z', '1h'], // summer: not "Nuevo" for two hours
      ['2026-03-29T00:40:00Z', '2026-03-29T01:20:00Z', "40'"], // 01:40 CET → 03:20 CEST: 40 minutes
      ['2026-10-25T00:50:00Z', '2026-10-25T01:10:00Z', "20'"], // 02:50 CEST → 02:10 CET: 20 minutes
    ];
    for (const [seated, now, label] of seatedAndNow) {
      const wire = formatOffsetDateTime(new Date(seated), MADRID);
      const serverTime = formatOffsetDateTime(new Date(now), MADRID);
      expect(elapsedLabel(parseOffsetDateTime(wire), parseOffsetDateTime(serverTime))).toBe(label);
    }
  });

  it('refuses a bare local wall clock, which has no instant', () => {
    expect(() => parseOffsetDateTime('2026-11-20 21:05:09')).toThrow(RangeError);
    expect(() => parseOffsetDateTime('2026-11-20T21:05:09')).toThrow(RangeError);
    expect(parseOffsetDateTime('2026-11-20T20:05:09.000Z').toISOString()).toBe('2026-11-20T20:05:09.000Z');
  });
});

describe('toZoned reads the wall clock the time-zone data gives', () => {
  const readers = new Map<string, Intl.DateTimeFormat>();
  /** The runtime's own reading, field by field: what toZoned remembers by quarter-hour must equal it. */
  function intlReading(instant: Date, timeZone: string) {
    let reader = readers.get(timeZone);
    if (!reader) {
      reader = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
      readers.set(timeZone, reader);
    }
    const parts = reader.formatToParts(instant);
    const field = (type: string) => Number(parts.find((part) => part.type === type)!.value);
    return {
      year: field('year'),
      month: field('month'),
      day: field('day'),
      hour: field('hour'),
      minute: field('minute'),
      second: field('second'),
    };
  }

  it.each([
    // Madrid's clock changes of 2026, each side of them by a second and a minute.
    [MADRID, '2026-03-29T01:00:00Z'],
    [MADRID, '2026-10-25T01:00:00Z'],
    // Lord Howe moves by half an hour; Chatham keeps +12:45/+13:45; Kathmandu +05:45; the Canaries an hour behind.
    ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
    ['Australia/Lord_Howe', '2026-10-03T15:30:00Z'],
    ['Pacific/Chatham', '2026-04-04T14:00:00Z'],
    ['Asia/Kathmandu', '2026-11-27T10:07:00Z'],
    ['Atlantic/Canary', '2026-10-25T01:00:00Z'],
  ])('%s around %s, second by second near the change', (timeZone, around) => {
    const centre = new Date(around).getTime();
    for (const delta of [
      -3_600_000, -60_000, -1000, -1, 0, 1, 1000, 59_999, 60_000, 899_999, 900_000, 3_600_000,
    ]) {
      const instant = new Date(centre + delta);
      expect(toZoned(instant, timeZone), `${instant.toISOString()} in ${timeZone}`).toEqual(
        intlReading(instant, timeZone),
      );
    }
  });

  it('agrees with the runtime over a year of Madrid, every 3 hours 7 minutes 13 seconds', () => {
    const start = new Date('2026-01-01T00:00:00Z').getTime();
    const disagreements: string[] = [];
    for (let time = start; time < start + 366 * 86_400_000; time += 11_233_000) {
      const instant = new Date(time);
      const ours = toZoned(instant, MADRID);
      const theirs = intlReading(instant, MADRID);
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) disagreements.push(instant.toISOString());
    }
    expect(disagreements).toEqual([]);
  });

  it('refuses an invalid date as before', () => {
    expect(() => toZoned(new Date(Number.NaN), MADRID)).toThrow(RangeError);
  });
});
