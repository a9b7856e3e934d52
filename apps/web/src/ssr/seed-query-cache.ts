import { hydrate } from '@tanstack/query-core';
import { queryClient } from '../lib/query-client.ts';
import { readServerState, type ServerState } from './server-state.ts';
import { takesOverDrawnPage } from './take-over.ts';

/**
 * The page the server drew and the data it drew from, put in the query cache as this module is evaluated.
 * `main.tsx` imports it before the router: `createBrowserRouter` runs the first route's loaders as it is made,
 * and they must find the page's data here. Put there after them, the root loader asked the server again for
 * the configuration the page already carries, and the app started a round trip later (issue 19).
 */
export const drawn: ServerState | null = readServerState(document);

/** The drawn page's data, unless this device draws the page itself (ssr/take-over.ts). */
export const serverState: ServerState | null = drawn && takesOverDrawnPage() ? drawn : null;

if (serverState) hydrate(queryClient, serverState.queries);
