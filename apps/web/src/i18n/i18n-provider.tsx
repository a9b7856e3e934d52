import { Suspense, use, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { i18n, initI18n, isI18nReady } from './i18n.ts';

interface I18nProviderProps {
  readonly children: ReactNode;
  /** Shown while the language and later namespaces load; it must not translate (nothing is loaded yet). */
  readonly fallback?: ReactNode;
  /** The server render's own instance (decision 030); the page's otherwise. */
  readonly instance?: I18n;
}

/** Gives the tree translations in the restored language; children render once its first namespaces are in. */
export function I18nProvider({ children, fallback = null, instance = i18n }: I18nProviderProps) {
  return (
    <I18nextProvider i18n={instance}>
      <Suspense fallback={fallback}>
        <WhenInitialised>{children}</WhenInitialised>
      </Suspense>
    </I18nextProvider>
  );
}

function WhenInitialised({ children }: { readonly children: ReactNode }) {
  // A promise React has not seen suspends once even when settled; the start-up waits for i18next, so the
  // first render goes straight through (decision 017).
  if (!isI18nReady()) use(initI18n());
  return children;
}
