import { DEFAULT_LOCALE, type Locale } from '@sobremesa/domain';
import { currentScope, scoped } from '../ssr/render-scope.ts';
import { loadMessages } from './messages.ts';
import { INITIAL_NAMESPACES, SHELL_NAMESPACES, type Namespace } from './namespaces.ts';
import { Translator } from './translator.ts';

// The server twin of i18n.ts (decision 030): one translator per render, in the page's language, started before
// the render (so the provider never suspends), with the same messages the browser loads.

/** A started translator for one page, with the start-up and shell namespaces in. */
export async function createPageI18n(locale: Locale): Promise<Translator> {
  const translator = new Translator({
    language: locale,
    // As the browser: the Spanish fallback is not loaded for another language (every language is complete).
    fallback: locale === DEFAULT_LOCALE ? DEFAULT_LOCALE : null,
    load: loadMessages,
  });
  await translator.loadNamespaces([...INITIAL_NAMESPACES, ...SHELL_NAMESPACES]);
  return translator;
}

export const i18n: Translator = scoped((scope) => scope.i18n);

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
  await currentScope().i18n.loadNamespaces(namespaces);
}
