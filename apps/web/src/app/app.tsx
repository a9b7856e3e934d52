import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { I18nProvider } from '../i18n/i18n-provider.tsx';
import { queryClient } from '../lib/query-client.ts';
import { router } from './router.tsx';

/** The providers every route needs, outermost first: server state, then languages, then the routes. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider fallback={<LoadingScreen />}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>
  );
}
