import type { TFunction } from 'i18next';
import { createContext, use, useContext, useSyncExternalStore } from 'react';
import type { Namespace } from './namespaces.ts';
import type { Translator } from './translator.ts';

/** The translations a tree reads: the page's, or a server render's own (i18n-provider.tsx). */
export const TranslatorContext = createContext<Translator | null>(null);

/**
 * A namespace's `t`, and the translator for the language shown. The caller re-renders when the language
 * changes or a namespace arrives; a namespace not loaded yet suspends the caller until it is (a route's
 * loader loads its namespaces first, so a screen normally renders straight through).
 */
export function useTranslation<N extends Namespace = 'common'>(
  namespace?: N,
): { t: TFunction<N>; i18n: Translator } {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useTranslation needs an I18nProvider above it');
  // Subscribed for the re-render alone: `fixedT` gives a new `t` once the texts change, so memoised texts follow.
  useSyncExternalStore(translator.subscribe, translator.version, translator.version);
  const shown = namespace ?? ('common' as N);
  // Called on every render, loaded or not: React needs the same `use` calls when it replays a suspended render.
  use(translator.load(shown));
  return { t: translator.fixedT(shown), i18n: translator };
}
