import { DEFAULT_LOCALE, LOCALES, type Locale } from '@sobremesa/domain';
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from '../lib/storage.ts';
import { resolveInitialLocale } from './locale-preference.ts';
import { loadMessages } from './messages.ts';
import { INITIAL_NAMESPACES, type Namespace } from './namespaces.ts';

/** The language being loaded or shown; the backend reads it to tell a wanted language from the fallback. */
let targetLocale: Locale = DEFAULT_LOCALE;

/**
 * Spanish namespaces i18next asked for only as the fallback of another language. Every language is complete
 * (`locales.test.ts`), so they are not downloaded until a key turns out to be missing or the guest picks Spanish.
 */
const deferredSpanish = new Set<string>();

const lazyBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    if (language === DEFAULT_LOCALE && targetLocale !== DEFAULT_LOCALE) {
      deferredSpanish.add(namespace);
      callback(null, {});
      return;
    }
    loadMessages(language, namespace).then(
      (messages) => callback(null, messages),
      // `true` lets i18next retry: a chunk can fail on a flaky phone connection.
      (error: unknown) => callback(error instanceof Error ? error : String(error), true),
    );
  },
};

export const i18n: I18n = i18next.createInstance();

async function loadDeferredSpanish(namespaces: readonly string[]): Promise<void> {
  await Promise.all(
    namespaces.map(async (namespace) => {
      if (!deferredSpanish.delete(namespace)) return;
      try {
        i18n.addResourceBundle(
          DEFAULT_LOCALE,
          namespace,
          await loadMessages(DEFAULT_LOCALE, namespace),
          true,
          true,
        );
      } catch (error) {
        deferredSpanish.add(namespace);
        throw error;
      }
    }),
  );
}

function warnMissingKey(languages: readonly string[], namespace: string, key: string): void {
  // Spec §8: missing translation keys are warned in the console.
  console.warn(`[i18n] missing key "${namespace}:${key}" in ${languages.join(', ')}`);
  // The Spanish fallback was deferred: fetch it, and the store's "added" event re-renders with the Spanish text.
  if (deferredSpanish.has(namespace)) {
    loadDeferredSpanish([namespace]).catch((error: unknown) =>
      console.warn('[i18n] Spanish fallback not loaded', error),
    );
  }
}

function showLanguage(locale: string): void {
  document.documentElement.lang = locale;
}

let initialisation: Promise<void> | undefined;
let initialised = false;

/** Whether i18next is running: the provider then renders without suspending (decision 017). */
export function isI18nReady(): boolean {
  return initialised;
}

/** Starts i18next once, in the restored language, with the first namespaces loaded. */
export function initI18n(): Promise<void> {
  initialisation ??= (async () => {
    targetLocale = resolveInitialLocale(
      storage.get('selectedLocale'),
      navigator.languages,
      new URLSearchParams(location.search).get('lang'),
    );
    i18n.on('languageChanged', showLanguage);
    await i18n
      .use(lazyBackend)
      .use(initReactI18next)
      .init({
        lng: targetLocale,
        fallbackLng: DEFAULT_LOCALE,
        supportedLngs: LOCALES,
        load: 'currentOnly',
        ns: [...INITIAL_NAMESPACES],
        defaultNS: 'common',
        // React escapes what it renders; escaping here too would show "&amp;" to guests.
        interpolation: { escapeValue: false },
        saveMissing: true,
        // Name the language the key is missing from, not the fallback's.
        saveMissingTo: 'current',
        missingKeyHandler: warnMissingKey,
        // "added" re-renders components once a deferred Spanish fallback arrives.
        react: { bindI18nStore: 'added', useSuspense: true },
      });
    showLanguage(targetLocale);
    initialised = true;
  })();
  return initialisation;
}

/** Loads and shows another language and keeps the choice as `selectedLocale` (spec §3). */
export async function changeLocale(locale: Locale): Promise<void> {
  targetLocale = locale;
  if (locale === DEFAULT_LOCALE) await loadDeferredSpanish([...deferredSpanish]);
  await i18n.changeLanguage(locale);
  storage.set('selectedLocale', locale);
}

/**
 * Loads namespaces once i18next is running. Route loaders start before the provider's `initI18n()` has
 * finished, and i18next asked before then has no language to load for, so the request would be lost.
 */
export async function loadNamespaces(namespaces: Namespace | readonly Namespace[]): Promise<void> {
  await initI18n();
  await i18n.loadNamespaces(typeof namespaces === 'string' ? namespaces : [...namespaces]);
}
