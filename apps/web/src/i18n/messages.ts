import type { Namespace } from './namespaces.ts';

type Messages = Record<string, unknown>;

/**
 * One lazily imported chunk per language and namespace (`./locales/<locale>/<namespace>.json`), so a guest
 * downloads only the language it reads and only the namespaces its screens use. A chunk asked for twice is
 * fetched once: the start-up script's early request and the translator's later one share it.
 */
const MESSAGE_LOADERS = import.meta.glob<Messages>('./locales/*/*.json', { import: 'default' });

export function loadMessages(locale: string, namespace: string): Promise<Messages> {
  const loader = MESSAGE_LOADERS[`./locales/${locale}/${namespace}.json`];
  if (!loader) return Promise.reject(new Error(`There are no "${namespace}" messages in "${locale}"`));
  return loader();
}

/**
 * Starts downloading namespaces without waiting for them (decision 017). A failure is left for the translator's
 * own request of the same chunk to report and retry.
 */
export function preloadMessages(locale: string, namespaces: readonly Namespace[]): void {
  for (const namespace of namespaces) loadMessages(locale, namespace).catch(() => undefined);
}
