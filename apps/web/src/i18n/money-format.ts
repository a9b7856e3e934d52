import { cents, type Locale } from '@sobremesa/domain';
import { formatEuros } from './euro-format.ts';

// Money and numbers, apart from format.ts's dates: the guest menu prices every dish and shows no date, so its
// first download holds this alone (issue 19's budget). format.ts re-exports it for every other screen.

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

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), options);
    numberFormats.set(key, format);
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
