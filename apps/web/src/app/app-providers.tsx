import type { QueryClient } from '@tanstack/query-core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { I18nProvider } from '../i18n/i18n-provider.tsx';
import type { Translator } from '../i18n/translator.ts';

/** Runs `onCommit` once the tree beside it has committed, its layout effects done. */
function Committed({ onCommit }: { readonly onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

interface AppProvidersProps {
  readonly queryClient: QueryClient;
  /** The routes: the browser's router, or the server render's static one. */
  readonly children: ReactNode;
  /** The server render's own translator; the page's otherwise. */
  readonly translator?: Translator;
  readonly onRunning?: () => void;
}

/**
 * The providers every route needs, outermost first: server state, then languages, then the routes. One tree for
 * the browser and the server render (decision 030): `useId` numbers elements by their place in the tree, so a
 * page the server drew is hydrated without a mismatch only if both draw the same shape around the routes.
 * `onRunning` is called once the routes are running: on a page the server drew, once the page inside the
 * languages' Suspense boundary is hydrated, which React does in a pass of its own after the root's.
 */
export function AppProviders({
  queryClient,
  children,
  translator,
  onRunning = () => undefined,
}: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider fallback={<LoadingScreen />} instance={translator}>
        {children}
        <Committed onCommit={onRunning} />
      </I18nProvider>
    </QueryClientProvider>
  );
}
