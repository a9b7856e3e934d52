import { QueryClient } from '@tanstack/query-core';

/** Query keys under this prefix hold a signed-in staff member's data; signing out drops them all. */
export const STAFF_QUERY_KEY = ['staff'] as const;

declare module '@tanstack/query-core' {
  interface Register {
    queryMeta: {
      /** The call needs the copilot role: a 401 sends to /login, a 403 says so (spec §6). */
      readonly access?: 'copilot';
    };
  }
}

/**
 * The page's server-state cache (query-core's, without React, so the start-up script can fill it before
 * React has arrived: decision 017), shared by route loaders (which fill it before a screen renders) and
 * components. Focus refetching is off: staff screens stay current through the realtime feed instead.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
  },
});
