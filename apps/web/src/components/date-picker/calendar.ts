import { addDays, isoWeekday, type Locale } from '@sobremesa/domain';
import { formatDate } from '../../i18n/format.ts';

/**
 * The date picker's calendar (spec §5, §9): weeks from Monday to Sunday, today up to the booking window's last
 * date (60 days ahead), the venue's closed weekdays. Dates are `yyyy-MM-dd`, months `yyyy-MM`; all arithmetic is
 * on the calendar, never on the device's clock or zone.
 */
export interface CalendarRules {
  /** Today in the venue (06:00 boundary). */
  readonly firstDate: string;
  /** The last bookable date. */
  readonly lastDate: string;
  /** ISO weekdays (1 = Monday) closed to online booking. */
  readonly disabledWeekdays: readonly number[];
}

/** `open` can be chosen; `outside` the window, `closed` a closed weekday, `full` nothing left for the party. */
export type DayState = 'open' | 'outside' | 'closed' | 'full';

const pad = (value: number) => String(value).padStart(2, '0');

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function shiftMonth(month: string, by: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const shifted = new Date(Date.UTC(year, monthNumber - 1 + by, 1));
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}`;
}

export function daysInMonth(month: string): number {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
}

/** The month's weeks, Monday first (spec §9); `null` pads the days of the neighbouring months. */
export function monthWeeks(month: string): (string | null)[][] {
  const lead = isoWeekday(`${month}-01`) - 1;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= daysInMonth(month); day += 1) cells.push(`${month}-${pad(day)}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}

export function dayState(date: string, rules: CalendarRules, fullDates?: ReadonlySet<string>): DayState {
  if (date < rules.firstDate || date > rules.lastDate) return 'outside';
  if (rules.disabledWeekdays.includes(isoWeekday(date))) return 'closed';
  if (fullDates?.has(date)) return 'full';
  return 'open';
}

export function clampDate(date: string, rules: CalendarRules): string {
  if (date < rules.firstDate) return rules.firstDate;
  if (date > rules.lastDate) return rules.lastDate;
  return date;
}

/** The first date that can be chosen, or the window's first date when none can. */
export function firstOpenDate(rules: CalendarRules, fullDates?: ReadonlySet<string>): string {
  for (let date = rules.firstDate; date <= rules.lastDate; date = addDays(date, 1)) {
    if (dayState(date, rules, fullDates) === 'open') return date;
  }
  return rules.firstDate;
}

/** The same day of the month `months` away, or that month's last day when it is shorter. */
export function sameDayInMonth(date: string, months: number): string {
  const month = shiftMonth(monthOf(date), months);
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(month));
  return `${month}-${pad(day)}`;
}

/**
 * Where a key moves the focus in the grid (the WAI-ARIA date picker keys): arrows by a day or a week, Home and
 * End to the week's Monday and Sunday, Page Up and Page Down by a month (by a year with Shift). Null for other
 * keys. The caller clamps the result to the window.
 */
export function dateForKey(date: string, key: string, shiftKey = false): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return addDays(date, 1 - isoWeekday(date));
    case 'End':
      return addDays(date, 7 - isoWeekday(date));
    case 'PageUp':
      return sameDayInMonth(date, shiftKey ? -12 : -1);
    case 'PageDown':
      return sameDayInMonth(date, shiftKey ? 12 : 1);
    default:
      return null;
  }
}

/** A calendar date as an instant Intl can format in UTC (noon, so no zone can move it to another day). */
export function calendarInstant(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day, 12));
}

/** A calendar date (`yyyy-MM-dd`) spelled out, e.g. "miércoles, 25 de noviembre de 2026". */
export function formatCalendarDate(
  date: string,
  locale: Locale,
  style: 'full' | 'long' | 'medium' = 'full',
): string {
  return formatDate(calendarInstant(date), locale, 'UTC', style);
}
