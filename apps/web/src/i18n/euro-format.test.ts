import { LOCALES } from '@sobremesa/domain';
import { describe, expect, it } from 'vitest';
import { formatEuros } from './euro-format.ts';
import { intlLocale } from './format.ts';

const AMOUNTS = [0, 1, 5, 99, 100, 1250, 99_999, 100_000, 123_456, 999_999, 1_234_567, 123_456_789];

describe('euros written by hand', () => {
  // Node carries full ICU data: its Intl is CLDR's answer, which Chromium gives too except for eu and gl.
  it.each(LOCALES)('match CLDR in %s, for positive and negative amounts', (locale) => {
    const intl = new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: 'EUR' });
    for (const cents of AMOUNTS) {
      expect(formatEuros(cents, locale)).toBe(intl.format(cents / 100));
      if (cents > 0) expect(formatEuros(-cents, locale)).toBe(intl.format(-cents / 100));
    }
  });

  it('write Basque and Galician the way their speakers do, not in English', () => {
    expect(formatEuros(1250, 'eu')).toBe('12,50\u00a0€');
    expect(formatEuros(-1250, 'eu')).toBe('\u221212,50\u00a0€');
    expect(formatEuros(123_456, 'gl')).toBe('1.234,56\u00a0€');
  });
});
