import { cents, type Locale } from '@sobremesa/domain';
import {
  calendarDayOf,
  hasHandWrittenDates,
  INTL_DATE_OPTIONS,
  writeCalendarDay,
  type DateShape,
} from './date-format.ts';
import { formatEuros } from './euro-format.ts';

/**
 * The regional conventions each UI language formats with. The venues are in Spain, so English follows British
 * conventions (24-hour clock, day before month) and Portuguese follows Portugal's.
 */
const INTL_LOCALES: Record<Locale, string> = {
  es: 'es-ES',
  en: 'en-GB',
  de: 'de-DE',
  fr: 'fr-FR',
  eu: 'eu-ES',
  ca: 'ca-ES',
  it: 'it-IT',
  gl: 'gl-ES',
  pt: 'pt-PT',
};

/** The BCP 47 tag Intl (and date pickers) should use for a UI language. */
export function intlLocale(locale: Locale): string {
  return INTL_LOCALES[locale];
}

// Building Intl formatters is slow next to using them, and screens format long lists (menus, tickets).
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), options);
    numberFormats.set(key, format);
  }
  return format;
}

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
 * An amount of money given in the currency's minor unit (integer cents for the euro), e.g. 1250 → "12,50 €" in
 * Spanish. Currencies without a minor unit (JPY) take whole units.
 * @throws RangeError when the amount is not an integer: money never travels as a float.
 */
export function formatMoney(amount: number, locale: Locale, currency = 'EUR'): string {
  const minorUnits = cents(amount);
  if (currency === 'EUR') return formatEuros(minorUnits, locale);
  const format = numberFormat(locale, { style: 'currency', currency });
  return format.format(minorUnits / 10 ** fractionDigits(format));
}

// resolvedOptions() builds a fresh object each call: too slow for a menu that prices every dish.
const digitsByFormat = new WeakMap<Intl.NumberFormat, number>();

function fractionDigits(format: Intl.NumberFormat): number {
  let digits = digitsByFormat.get(format);
  if (digits === undefined) {
    digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    digitsByFormat.set(format, digits);
  }
  return digits;
}

export function formatNumber(value: number, locale: Locale, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(locale, options).format(value);
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

/** Hours and minutes on a 24-hour clock, as the venue's wall clock shows them. */
export function formatTime(instant: Date | number, locale: Locale, timeZone: string): string {
  return dateFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    instant,
  );
}
