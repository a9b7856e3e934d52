import { DEFAULT_LOCALE, LOCALES, type Locale } from '@sobremesa/domain';
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { currentScope, scoped } from '../ssr/render-scope.ts';
import { loadMessages } from './messages.ts';
import { INITIAL_NAMESPACES, SHELL_NAMESPACES, type Namespace } from './namespaces.ts';

// The server twin of i18n.ts (decision 030): one i18next instance per render, in the page's language, started
// before the render (so the provider never suspends), with the same messages the browser loads.

const backend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    loadMessages(language, namespace).then(
      (messages) => callback(null, messages),
      (error: unknown) => callback(error instanceof Error ? error : String(error), false),
    );
  },
};

/** A started instance for one page, with the start-up and shell namespaces in. */
export async function createPageI18n(locale: Locale): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(backend).init({
    lng: locale,
    // As the browser: the Spanish fallback is not loaded for another language (every language is complete).
    fallbackLng: locale === DEFAULT_LOCALE ? DEFAULT_LOCALE : false,
    supportedLngs: LOCALES,
    load: 'currentOnly',
    ns: [...INITIAL_NAMESPACES, ...SHELL_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { bindI18nStore: 'added', useSuspense: true },
  });
  return instance;
}

export const i18n: I18n = scoped((scope) => scope.i18n);

export function isI18nReady(): boolean {
  return true;
}

export function initI18n(): Promise<void> {
  return Promise.resolve();
}

export function changeLocale(_locale: Locale): Promise<void> {
  return Promise.reject(new Error('The language is chosen in the browser'));
}

export async function loadNamespaces(namespaces: Namespace | readonly Namespace[]): Promise<void> {
  await currentScope().i18n.loadNamespaces(typeof namespaces === 'string' ? namespaces : [...namespaces]);
}
