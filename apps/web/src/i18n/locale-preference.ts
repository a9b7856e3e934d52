import { isLocale, negotiateLocale, type Locale } from '@sobremesa/domain';

/**
 * The language a visit starts in: the stored choice (`selectedLocale`, cookie first, then local storage: the
 * caller reads it through `storage`), else the language the link names (`?lang=`, as search engines' alternates
 * for each language do), else the browser's preferred languages, else Spanish (spec §1). The server picks a
 * page's language in the same order (apps/server/src/web/web-app.ts).
 */
export function resolveInitialLocale(
  stored: string | null,
  browserLanguages: readonly string[],
  linked: string | null = null,
): Locale {
  if (isLocale(stored)) return stored;
  if (isLocale(linked)) return linked;
  // navigator.languages is already ordered by preference, which is what an Accept-Language list without weights says.
  return negotiateLocale(browserLanguages.join(','));
}
