import { Suspense, use, type ReactNode } from 'react';
import { i18n, initI18n, isI18nReady } from './i18n.ts';
import type { Translator } from './translator.ts';
import { TranslatorContext } from './use-translation.ts';

interface I18nProviderProps {
  readonly children: ReactNode;
  /** Shown while the language and later namespaces load; it must not translate (nothing is loaded yet). */
  readonly fallback?: ReactNode;
  /** The server render's own translator (decision 030); the page's otherwise. */
  readonly instance?: Translator;
}

/** Gives the tree translations in the restored language; children render once its first namespaces are in. */
export function I18nProvider({ children, fallback = null, instance = i18n }: I18nProviderProps) {
  return (
    <TranslatorContext value={instance}>
      <Suspense fallback={fallback}>
        <WhenInitialised>{children}</WhenInitialised>
      </Suspense>
    </TranslatorContext>
  );
}

function WhenInitialised({ children }: { readonly children: ReactNode }) {
  // A promise React has not seen suspends once even when settled; the start-up waits for the translations, so the
  // first render goes straight through (decision 017).
  if (!isI18nReady()) use(initI18n());
  return children;
}
