import { isLocale, negotiateLocale, type Locale } from '@sobremesa/domain';

/**
 * The language a visit starts in: the stored choice (`selectedLocale`, cookie first, then local storage: the
 * caller reads it through `storage`), else the browser's preferred languages, else Spanish (spec §1).
 */
export function resolveInitialLocale(stored: string | null, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  // navigator.languages is already ordered by preference, which is what an Accept-Language list without weights says.
  return negotiateLocale(browserLanguages.join(','));
}
