import type { Locale } from '@sobremesa/domain';
import {
  calendarDayOf,
  hasHandWrittenDates,
  INTL_DATE_OPTIONS,
  writeCalendarDay,
  type DateShape,
} from './date-format.ts';
import { intlLocale } from './money-format.ts';

export { formatMoney, formatNumber, intlLocale } from './money-format.ts';

// Building Intl formatters is slow next to using them, and screens format long lists (tickets, reports).
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), options);
    dateFormats.set(key, format);
  }
  return format;
}
/**
 * A date in one of the screens' shapes, as seen in `timeZone`. Basque and Galician are written by hand
 * (`date-format.ts`), as euros are: browsers without their locale data wrote "2026 M11" and "MON".
 */
export function formatDateShape(
  instant: Date | number,
  locale: Locale,
  timeZone: string,
  shape: DateShape,
): string {
  if (hasHandWrittenDates(locale)) {
    const written = writeCalendarDay(calendarDayOf(instant, timeZone), locale, shape);
    if (written !== null) return written;
  }
  return dateFormat(locale, { ...INTL_DATE_OPTIONS[shape], timeZone }).format(instant);
}

/** A calendar date as seen in the venue's time zone (not the device's). */
export function formatDate(
  instant: Date | number,
  locale: Locale,
  timeZone: string,
  style: 'full' | 'long' | 'medium' = 'medium',
): string {
  return formatDateShape(instant, locale, timeZone, style);
}

/**
 * A calendar day written as `YYYY-MM-DD` (a service day, a report's range) in the user's language. It is a
 * day, not an instant: noon in UTC names that same day whatever the device's zone.
 */
export function formatCalendarDate(date: string, locale: Locale, shape: DateShape = 'medium'): string {
  return formatDateShape(new Date(`${date}T12:00:00Z`), locale, 'UTC', shape);
}

/** Hours and minutes on a 24-hour clock, as the venue's wall clock shows them. */
export function formatTime(instant: Date | number, locale: Locale, timeZone: string): string {
  return dateFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    instant,
  );
}
