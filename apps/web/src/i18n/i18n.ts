import { DEFAULT_LOCALE, type Locale } from '@sobremesa/domain';
import { storage } from '../lib/storage.ts';
import { resolveInitialLocale } from './locale-preference.ts';
import { loadMessages } from './messages.ts';
import { INITIAL_NAMESPACES, type Namespace } from './namespaces.ts';
import { Translator } from './translator.ts';

function warnMissingKey(language: string, namespace: string, key: string): void {
  // Spec §8: missing translation keys are warned in the console.
  console.warn(`[i18n] missing key "${namespace}:${key}" in ${language}`);
}

function showLanguage(locale: string): void {
  document.documentElement.lang = locale;
}

/**
 * The page's translations. Spanish is every language's fallback, fetched only once a key turns out to be
 * missing (every language is complete, `locales.test.ts`), so a guest reading Basque downloads no Spanish.
 */
export const i18n = new Translator({
  language: DEFAULT_LOCALE,
  fallback: DEFAULT_LOCALE,
  load: loadMessages,
  onMissing: warnMissingKey,
});

let initialisation: Promise<void> | undefined;
let initialised = false;

/** Whether the translations are running: the provider then renders without suspending (decision 017). */
export function isI18nReady(): boolean {
  return initialised;
}

/** Starts the translations once, in the restored language, with the first namespaces loaded. */
export function initI18n(): Promise<void> {
  initialisation ??= (async () => {
    const locale = resolveInitialLocale(
      storage.get('selectedLocale'),
      navigator.languages,
      new URLSearchParams(location.search).get('lang'),
    );
    await i18n.changeLanguage(locale);
    await i18n.loadNamespaces(INITIAL_NAMESPACES);
    showLanguage(locale);
    initialised = true;
  })();
  return initialisation;
}

/** Loads and shows another language and keeps the choice as `selectedLocale` (spec §3). */
export async function changeLocale(locale: Locale): Promise<void> {
  await i18n.changeLanguage(locale);
  showLanguage(locale);
  storage.set('selectedLocale', locale);
}

/**
 * Loads namespaces once the translations are running. Route loaders start before the provider's `initI18n()`
 * has finished, and a namespace asked for before then would be loaded in the language it starts from.
 */
export async function loadNamespaces(namespaces: Namespace | readonly Namespace[]): Promise<void> {
  await initI18n();
  await i18n.loadNamespaces(namespaces);
}
