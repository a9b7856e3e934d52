import { describe, expect, it } from 'vitest';
import { calendarDayOf, INTL_DATE_OPTIONS, writeCalendarDay, type DateShape } from './date-format.ts';
import { formatDateShape, intlLocale } from './format.ts';

const SHAPES = Object.keys(INTL_DATE_OPTIONS) as DateShape[];

/** Every day of 2026 (and the leap day of 2028), at noon UTC. */
const DAYS = [
  ...Array.from({ length: 365 }, (_, index) => new Date(Date.UTC(2026, 0, 1 + index, 12))),
  new Date(Date.UTC(2028, 1, 29, 12)),
];

describe('dates in Basque and Galician, written by hand', () => {
  // Node ships full ICU: its Intl is CLDR, which the hand-written names must match on every day and shape.
  for (const locale of ['eu', 'gl'] as const) {
    it(`matches CLDR in ${locale} for every shape on every day of a year`, () => {
      for (const shape of SHAPES) {
        const cldr = new Intl.DateTimeFormat(intlLocale(locale), {
          ...INTL_DATE_OPTIONS[shape],
          timeZone: 'UTC',
        });
        for (const instant of DAYS) {
          expect(
            writeCalendarDay(calendarDayOf(instant, 'UTC'), locale, shape),
            `${shape} ${instant.toISOString()}`,
          ).toBe(cldr.format(instant));
        }
      }
    });
  }

  it('is what the screens print, never the fallback a browser without the data gives', () => {
    const day = new Date(Date.UTC(2026, 10, 25, 12));
    expect(formatDateShape(day, 'eu', 'UTC', 'monthYear')).toBe('2026(e)ko azaroa');
    expect(formatDateShape(day, 'eu', 'UTC', 'weekdayShort')).toBe('az.');
    expect(formatDateShape(day, 'gl', 'UTC', 'monthYear')).toBe('novembro de 2026');
    expect(formatDateShape(day, 'gl', 'UTC', 'full')).toBe('mércores, 25 de novembro de 2026');
  });

  it('takes the day in the venue’s zone: 23:30 UTC on 31 December is New Year’s Day in Madrid', () => {
    const instant = new Date(Date.UTC(2026, 11, 31, 23, 30));
    expect(calendarDayOf(instant, 'Europe/Madrid')).toEqual({ year: 2027, month: 1, day: 1, weekday: 4 });
    expect(formatDateShape(instant, 'gl', 'Europe/Madrid', 'long')).toBe('1 de xaneiro de 2027');
  });

  it('leaves the other languages to Intl', () => {
    expect(writeCalendarDay({ year: 2026, month: 11, day: 25, weekday: 2 }, 'es', 'full')).toBeNull();
    expect(formatDateShape(new Date(Date.UTC(2026, 10, 25, 12)), 'es', 'UTC', 'full')).toBe(
      'miércoles, 25 de noviembre de 2026',
    );
  });
});
