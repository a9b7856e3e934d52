import { toZoned, type Locale } from '@sobremesa/domain';

/**
 * The ways screens write a date: the three date styles, the date picker's month title and weekday headers,
 * the widget's short day, the copilot's service day and a chart's day under its bar.
 */
export type DateShape =
  | 'full'
  | 'long'
  | 'medium'
  | 'dayMonthShort'
  | 'monthYear'
  | 'weekdayShort'
  | 'weekdayLong'
  | 'weekdayDayMonthShort'
  | 'weekdayDayMonthLong';

/** What `Intl.DateTimeFormat` is asked for each shape, where the browser has the language's data. */
export const INTL_DATE_OPTIONS: Record<DateShape, Intl.DateTimeFormatOptions> = {
  full: { dateStyle: 'full' },
  long: { dateStyle: 'long' },
  medium: { dateStyle: 'medium' },
  dayMonthShort: { day: 'numeric', month: 'short' },
  monthYear: { month: 'long', year: 'numeric' },
  weekdayShort: { weekday: 'short' },
  weekdayLong: { weekday: 'long' },
  weekdayDayMonthShort: { weekday: 'short', day: 'numeric', month: 'short' },
  weekdayDayMonthLong: { weekday: 'long', day: 'numeric', month: 'long' },
};

/** A calendar day: month 1–12, weekday 0 (Monday) to 6 (Sunday). */
export interface CalendarDay {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly weekday: number;
}

interface DateNames {
  /** Month names as a date uses them (Basque: the genitive "azaroaren"). */
  readonly months: readonly string[];
  /** Month names on their own (a calendar's title). */
  readonly standaloneMonths: readonly string[];
  readonly shortMonths: readonly string[];
  /** Monday first. */
  readonly weekdays: readonly string[];
  readonly shortWeekdays: readonly string[];
  readonly write: (day: CalendarDay, shape: DateShape, names: DateNames) => string;
}

const at = (list: readonly string[], index: number) => list[index] ?? '';

const GALICIAN_MONTHS = [
  'xaneiro',
  'febreiro',
  'marzo',
  'abril',
  'maio',
  'xuño',
  'xullo',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'decembro',
];

/**
 * Basque and Galician written by hand, as CLDR has them (what `Intl` prints with full locale data:
 * `date-format.test.ts` compares every shape for every day of a year). Browsers without the data for these
 * languages (Chromium as shipped by Debian among them) printed "2026 M11" and "MON TUE".
 */
const HAND_WRITTEN: Partial<Record<Locale, DateNames>> = {
  eu: {
    months: [
      'urtarrilaren',
      'otsailaren',
      'martxoaren',
      'apirilaren',
      'maiatzaren',
      'ekainaren',
      'uztailaren',
      'abuztuaren',
      'irailaren',
      'urriaren',
      'azaroaren',
      'abenduaren',
    ],
    standaloneMonths: [
      'urtarrila',
      'otsaila',
      'martxoa',
      'apirila',
      'maiatza',
      'ekaina',
      'uztaila',
      'abuztua',
      'iraila',
      'urria',
      'azaroa',
      'abendua',
    ],
    shortMonths: [
      'urt.',
      'ots.',
      'mar.',
      'api.',
      'mai.',
      'eka.',
      'uzt.',
      'abu.',
      'ira.',
      'urr.',
      'aza.',
      'abe.',
    ],
    weekdays: ['astelehena', 'asteartea', 'asteazkena', 'osteguna', 'ostirala', 'larunbata', 'igandea'],
    shortWeekdays: ['al.', 'ar.', 'az.', 'og.', 'or.', 'lr.', 'ig.'],
    write({ year, month, day, weekday }, shape, names) {
      const m = month - 1;
      switch (shape) {
        case 'full':
          return `${year}(e)ko ${at(names.months, m)} ${day}(a), ${at(names.weekdays, weekday)}`;
        case 'long':
          return `${year}(e)ko ${at(names.months, m)} ${day}(a)`;
        case 'medium':
          return `${year}(e)ko ${at(names.shortMonths, m)} ${day}(a)`;
        case 'dayMonthShort':
          return `${at(names.shortMonths, m)} ${day}(a)`;
        case 'monthYear':
          return `${year}(e)ko ${at(names.standaloneMonths, m)}`;
        case 'weekdayShort':
          return at(names.shortWeekdays, weekday);
        case 'weekdayLong':
          return at(names.weekdays, weekday);
        case 'weekdayDayMonthShort':
          return `${at(names.shortMonths, m)} ${day}(a), ${at(names.shortWeekdays, weekday)}`;
        case 'weekdayDayMonthLong':
          return `${at(names.standaloneMonths, m)} ${day}(a), ${at(names.weekdays, weekday)}`;
      }
    },
  },
  gl: {
    months: GALICIAN_MONTHS,
    // Galician names a month the same way in a date and on its own.
    standaloneMonths: GALICIAN_MONTHS,
    shortMonths: [
      'xan.',
      'feb.',
      'mar.',
      'abr.',
      'maio',
      'xuño',
      'xul.',
      'ago.',
      'set.',
      'out.',
      'nov.',
      'dec.',
    ],
    weekdays: ['luns', 'martes', 'mércores', 'xoves', 'venres', 'sábado', 'domingo'],
    shortWeekdays: ['luns', 'mar.', 'mér.', 'xov.', 'ven.', 'sáb.', 'dom.'],
    write({ year, month, day, weekday }, shape, names) {
      const m = month - 1;
      switch (shape) {
        case 'full':
          return `${at(names.weekdays, weekday)}, ${day} de ${at(names.months, m)} de ${year}`;
        case 'long':
          return `${day} de ${at(names.months, m)} de ${year}`;
        case 'medium':
          return `${day} de ${at(names.shortMonths, m)} de ${year}`;
        case 'dayMonthShort':
          return `${day} de ${at(names.shortMonths, m)}`;
        case 'monthYear':
          return `${at(names.standaloneMonths, m)} de ${year}`;
        case 'weekdayShort':
          return at(names.shortWeekdays, weekday);
        case 'weekdayLong':
          return at(names.weekdays, weekday);
        case 'weekdayDayMonthShort':
          return `${at(names.shortWeekdays, weekday)}, ${day} de ${at(names.shortMonths, m)}`;
        case 'weekdayDayMonthLong':
          return `${at(names.weekdays, weekday)}, ${day} de ${at(names.months, m)}`;
      }
    },
  },
};

/** Whether a language's dates are written by hand here rather than by the browser's `Intl`. */
export function hasHandWrittenDates(locale: Locale): boolean {
  return HAND_WRITTEN[locale] !== undefined;
}

/** A calendar day in a hand-written language's words, or null for a language `Intl` writes. */
export function writeCalendarDay(day: CalendarDay, locale: Locale, shape: DateShape): string | null {
  const names = HAND_WRITTEN[locale];
  return names ? names.write(day, shape, names) : null;
}

/** The calendar day an instant falls on in `timeZone`. */
export function calendarDayOf(instant: Date | number, timeZone: string): CalendarDay {
  const { year, month, day } = toZoned(new Date(instant), timeZone);
  // getUTCDay counts from Sunday; the calendars here start on Monday.
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  return { year, month, day, weekday };
}
