import type { Locale } from '@sobremesa/domain';

const NBSP = '\u00a0';
const NARROW_NBSP = '\u202f';

interface EuroStyle {
  readonly decimal: string;
  readonly group: string;
  /** Thousands are grouped from this many digits before the group on: 2 writes 1234,50 but 12.345,50. */
  readonly minimumGroupingDigits: 1 | 2;
  readonly minus: string;
  readonly symbolFirst: boolean;
}

const AFTER = { decimal: ',', group: '.', minimumGroupingDigits: 1, minus: '-', symbolFirst: false } as const;

/**
 * How each UI language writes euros, as CLDR has it (the regional locales of `format.ts`): what
 * `Intl.NumberFormat` prints with full locale data (`euro-format.test.ts` compares them).
 */
const EURO_STYLES: Record<Locale, EuroStyle> = {
  es: { ...AFTER, minimumGroupingDigits: 2 },
  en: { decimal: '.', group: ',', minimumGroupingDigits: 1, minus: '-', symbolFirst: true },
  de: AFTER,
  fr: { ...AFTER, group: NARROW_NBSP },
  eu: { ...AFTER, minus: '\u2212' },
  ca: AFTER,
  it: { ...AFTER, minimumGroupingDigits: 2 },
  gl: AFTER,
  pt: { ...AFTER, group: NBSP, minimumGroupingDigits: 2 },
};

/**
 * An amount of integer cents as euros in a UI language, written by hand rather than by `Intl.NumberFormat`:
 * - a page's first number formatter costs a slow phone 100–200 ms while it loads its locale data, on the
 *   guest menu's first draw (decision 018);
 * - Chromium as tested here (Debian's) has no number data for Basque and Galician: Intl wrote "€12.50" there
 *   instead of "12,50 €".
 */
export function formatEuros(cents: number, locale: Locale): string {
  const style = EURO_STYLES[locale];
  const magnitude = Math.abs(cents);
  let units = String(Math.floor(magnitude / 100));
  if (units.length >= 3 + style.minimumGroupingDigits) units = units.replace(/\B(?=(\d{3})+$)/g, style.group);
  const amount = `${units}${style.decimal}${String(magnitude % 100).padStart(2, '0')}`;
  const sign = cents < 0 ? style.minus : '';
  return style.symbolFirst ? `${sign}€${amount}` : `${sign}${amount}${NBSP}€`;
}
