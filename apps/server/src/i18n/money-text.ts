import type { Locale } from '@sobremesa/domain';

/** Integer cents as a person reads money in a message ("4711,10 €", "€4,711.10"), in the caller's language. */
export function moneyText(cents: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}
