/** The UI languages of the product, in the order the language pickers show them (spec §1). */
export const LOCALES = ['es', 'en', 'de', 'fr', 'eu', 'ca', 'it', 'gl', 'pt'] as const;

/** One of the nine UI languages. */
export type Locale = (typeof LOCALES)[number];

/** Spanish is both the default and the fallback language (spec §1). */
export const DEFAULT_LOCALE: Locale = 'es';

/** Whether a string names one of the supported locales. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Picks the best supported locale from an HTTP Accept-Language header, honouring q-weights,
 * and falls back to Spanish.
 */
export function negotiateLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        base: tag.toLowerCase().split('-')[0] ?? '',
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLocale) ?? DEFAULT_LOCALE;
}
