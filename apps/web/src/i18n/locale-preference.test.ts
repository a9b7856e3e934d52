import { describe, expect, it } from 'vitest';
import { resolveInitialLocale } from './locale-preference.ts';

describe('resolveInitialLocale', () => {
  it('keeps the stored choice', () => {
    expect(resolveInitialLocale('eu', ['en-GB', 'en'])).toBe('eu');
  });

  it('ignores a stored value that is not a supported language', () => {
    expect(resolveInitialLocale('ja', ['de-DE'])).toBe('de');
  });

  it('takes the first supported browser language, regional variants included', () => {
    expect(resolveInitialLocale(null, ['ja-JP', 'pt-BR', 'en'])).toBe('pt');
    expect(resolveInitialLocale(null, ['gl-ES'])).toBe('gl');
    expect(resolveInitialLocale(null, ['ca'])).toBe('ca');
  });

  it("takes the link's language when nothing is stored, before the browser's", () => {
    expect(resolveInitialLocale(null, ['en-GB'], 'eu')).toBe('eu');
    expect(resolveInitialLocale('fr', ['en-GB'], 'eu')).toBe('fr');
    expect(resolveInitialLocale(null, ['en-GB'], 'xx')).toBe('en');
  });

  it('falls back to Spanish', () => {
    expect(resolveInitialLocale(null, [])).toBe('es');
    expect(resolveInitialLocale(null, ['ja-JP', 'zh'])).toBe('es');
  });
});
