import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router/dom';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { I18nProvider } from '../i18n/i18n-provider.tsx';
import { queryClient } from '../lib/query-client.ts';
import { router } from './router.tsx';

/** Runs `onCommit` once the tree beside it has committed, its layout effects done. */
function Committed({ onCommit }: { readonly onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

/**
 * The providers every route needs, outermost first: server state, then languages, then the routes.
 * `onRunning` is called once the routes are running: on a page the server drew, once the page inside the
 * languages' Suspense boundary is hydrated, which React does in a pass of its own after the root's.
 */
export function App({ onRunning = () => undefined }: { readonly onRunning?: () => void }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider fallback={<LoadingScreen />}>
        <RouterProvider router={router} />
        <Committed onCommit={onRunning} />
      </I18nProvider>
    </QueryClientProvider>
  );
}
