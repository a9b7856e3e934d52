import { describe, expect, it } from 'vitest';
import { isLocale, LOCALES, negotiateLocale } from './locales.ts';

describe('locales', () => {
  it('has the nine UI languages with Spanish first', () => {
    expect(LOCALES).toEqual(['es', 'en', 'de', 'fr', 'eu', 'ca', 'it', 'gl', 'pt']);
    expect(isLocale('eu')).toBe(true);
    expect(isLocale('ja')).toBe(false);
  });

  it.each([
    [undefined, 'es'],
    ['', 'es'],
    ['en-GB,en;q=0.9', 'en'],
    ['ja,fr;q=0.5', 'fr'],
    ['de;q=0.2,ca;q=0.8', 'ca'],
    ['pt-BR', 'pt'],
    ['zh-CN,ja', 'es'],
    ['eu;q=0,gl', 'gl'],
  ])('Accept-Language %j picks %s', (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });
});
