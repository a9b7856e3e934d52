import { RouterProvider } from 'react-router/dom';
import { queryClient } from '../lib/query-client.ts';
import { AppProviders } from './app-providers.tsx';
import { router } from './router.tsx';

/** The browser's app: every route, under the providers it shares with the server render. */
export function App({ onRunning }: { readonly onRunning?: () => void }) {
  return (
    <AppProviders queryClient={queryClient} onRunning={onRunning}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
