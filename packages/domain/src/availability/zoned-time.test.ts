import { describe, expect, it } from 'vitest';
import {
  bookingHorizon,
  formatTimeOfDay,
  instantToTimeOfDay,
  isBookableDate,
  isIsoDate,
  isoWeekday,
  parseTimeOfDay,
  serviceDayTimeToInstant,
  serviceMinuteOf,
  serviceMinuteToLocal,
  zonedDateTimeToInstant,
} from './zoned-time.ts';

const MADRID = 'Europe/Madrid';

describe('zonedDateTimeToInstant', () => {
  it.each([
    ['2026-11-20', '21:00', MADRID, '2026-11-20T20:00:00.000Z'], // CET, UTC+1
    ['2026-07-15', '21:00', MADRID, '2026-07-15T19:00:00.000Z'], // CEST, UTC+2
    ['2026-11-20', '00:00', MADRID, '2026-11-19T23:00:00.000Z'],
    ['2026-11-20', '21:00', 'America/New_York', '2026-11-21T02:00:00.000Z'],
    ['2026-11-20', '21:00', 'Asia/Kolkata', '2026-11-20T15:30:00.000Z'],
    ['2026-11-20', '21:00', 'UTC', '2026-11-20T21:00:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, expected) => {
    expect(zonedDateTimeToInstant(date, time, zone)?.toISOString()).toBe(expected);
  });

  it('returns null inside the spring-forward gap (Madrid, 29 March 2026, 02:00 → 03:00)', () => {
    expect(zonedDateTimeToInstant('2026-03-29', '02:00', MADRID)).toBeNull();
    expect(zonedDateTimeToInstant('2026-03-29', '02:30', MADRID)).toBeNull();
    expect(zonedDateTimeToInstant('2026-03-29', '02:59', MADRID)).toBeNull();
    expect(zonedDateTimeToInstant('2026-03-29', '01:59', MADRID)?.toISOString()).toBe(
      '2026-03-29T00:59:00.000Z',
    );
    expect(zonedDateTimeToInstant('2026-03-29', '03:00', MADRID)?.toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
  });

  it('takes the first occurrence of a repeated wall time (Madrid, 25 October 2026, 03:00 → 02:00)', () => {
    expect(zonedDateTimeToInstant('2026-10-25', '01:59', MADRID)?.toISOString()).toBe(
      '2026-10-24T23:59:00.000Z',
    );
    expect(zonedDateTimeToInstant('2026-10-25', '02:00', MADRID)?.toISOString()).toBe(
      '2026-10-25T00:00:00.000Z',
    );
    expect(zonedDateTimeToInstant('2026-10-25', '02:30', MADRID)?.toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(zonedDateTimeToInstant('2026-10-25', '03:00', MADRID)?.toISOString()).toBe(
      '2026-10-25T02:00:00.000Z',
    );
  });

  it('handles the New York changes too (8 March and 1 November 2026)', () => {
    expect(zonedDateTimeToInstant('2026-03-08', '02:30', 'America/New_York')).toBeNull();
    expect(zonedDateTimeToInstant('2026-11-01', '01:30', 'America/New_York')?.toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });

  it('refuses malformed input', () => {
    expect(() => zonedDateTimeToInstant('2026-11-20', '24:00', MADRID)).toThrow(RangeError);
    expect(() => zonedDateTimeToInstant('2026-11-20', '9:00', MADRID)).toThrow(RangeError);
    expect(() => zonedDateTimeToInstant('2026-02-30', '09:00', MADRID)).toThrow(RangeError);
  });
});

describe('service-day times (06:00 rule)', () => {
  it('puts a time before 06:00 on the next calendar day of the service day', () => {
    expect(serviceDayTimeToInstant('2026-11-20', '21:00', MADRID)?.toISOString()).toBe(
      '2026-11-20T20:00:00.000Z',
    );
    expect(serviceDayTimeToInstant('2026-11-20', '00:30', MADRID)?.toISOString()).toBe(
      '2026-11-20T23:30:00.000Z',
    );
    expect(serviceDayTimeToInstant('2026-11-20', '05:59', MADRID)?.toISOString()).toBe(
      '2026-11-21T04:59:00.000Z',
    );
    expect(serviceDayTimeToInstant('2026-11-20', '06:00', MADRID)?.toISOString()).toBe(
      '2026-11-20T05:00:00.000Z',
    );
    expect(serviceDayTimeToInstant('2026-12-31', '01:00', MADRID)?.toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });

  it('follows the clock change of the night after the service day', () => {
    // Service day Saturday 28 March 2026: 02:30 would be Sunday 29 in the gap.
    expect(serviceDayTimeToInstant('2026-03-28', '02:30', MADRID)).toBeNull();
    expect(serviceDayTimeToInstant('2026-03-28', '03:00', MADRID)?.toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
    // Service day Saturday 24 October 2026: 02:30 happens twice on Sunday 25; the first is CEST.
    expect(serviceDayTimeToInstant('2026-10-24', '02:30', MADRID)?.toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('numbers service minutes from 06:00', () => {
    expect(serviceMinuteOf('06:00')).toBe(0);
    expect(serviceMinuteOf('23:59')).toBe(1079);
    expect(serviceMinuteOf('00:30')).toBe(1110);
    expect(serviceMinuteOf('05:59')).toBe(1439);
    expect(serviceMinuteToLocal('2026-11-20', 1110)).toEqual({ date: '2026-11-21', time: '00:30' });
    expect(serviceMinuteToLocal('2026-11-20', 900)).toEqual({ date: '2026-11-20', time: '21:00' });
  });

  it('reads the wall clock of an instant', () => {
    expect(instantToTimeOfDay(new Date('2026-10-25T00:30:00Z'), MADRID)).toBe('02:30');
    expect(instantToTimeOfDay(new Date('2026-10-25T01:30:00Z'), MADRID)).toBe('02:30');
  });
});

describe('time-of-day and date helpers', () => {
  it('parses and formats HH:mm', () => {
    expect(parseTimeOfDay('00:00')).toBe(0);
    expect(parseTimeOfDay('23:59')).toBe(1439);
    expect(parseTimeOfDay('13:05')).toBe(785);
    expect(parseTimeOfDay('24:00')).toBeNull();
    expect(parseTimeOfDay('12:60')).toBeNull();
    expect(parseTimeOfDay('1:05')).toBeNull();
    expect(formatTimeOfDay(785)).toBe('13:05');
    expect(formatTimeOfDay(1470)).toBe('00:30');
    expect(formatTimeOfDay(-30)).toBe('23:30');
  });

  it.each([
    ['2026-11-16', 1], // Monday
    ['2026-11-20', 5], // Friday
    ['2026-11-21', 6],
    ['2026-11-22', 7], // Sunday
    ['2028-02-29', 2],
  ])('%s is ISO weekday %i', (date, weekday) => {
    expect(isoWeekday(date)).toBe(weekday);
  });

  it('knows real dates', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(isIsoDate('20261101')).toBe(false);
    expect(() => isoWeekday('2026-02-30')).toThrow(RangeError);
  });
});

describe('isBookableDate (spec §5 date picker: today .. +60 days, disabled weekdays)', () => {
  const today = '2026-11-20'; // a Friday

  it('accepts today and up to 60 days ahead, not yesterday nor day 61', () => {
    expect(isBookableDate('2026-11-20', today, [])).toBe(true);
    expect(isBookableDate('2027-01-19', today, [])).toBe(true); // +60
    expect(isBookableDate('2027-01-20', today, [])).toBe(false); // +61
    expect(isBookableDate('2026-11-19', today, [])).toBe(false);
    expect(bookingHorizon(today)).toEqual({ first: '2026-11-20', last: '2027-01-19' });
  });

  it('refuses the venue’s disabled weekdays (1 = Monday)', () => {
    expect(isBookableDate('2026-11-23', today, [1])).toBe(false); // Monday
    expect(isBookableDate('2026-11-22', today, [1])).toBe(true); // Sunday
    expect(isBookableDate('2026-11-22', today, [1, 7])).toBe(false);
    expect(isBookableDate('2026-11-20', today, [5])).toBe(false); // even today
  });

  it('honours another horizon and refuses malformed dates', () => {
    expect(isBookableDate('2026-11-27', today, [], 7)).toBe(true);
    expect(isBookableDate('2026-11-28', today, [], 7)).toBe(false);
    expect(isBookableDate('2026-11-31', today, [])).toBe(false);
    expect(isBookableDate('21/11/2026', today, [])).toBe(false);
  });
});
