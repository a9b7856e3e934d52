import type { QueryClient } from '@tanstack/query-core';
import { scoped } from '../ssr/render-scope.ts';

// The server twin of query-client.ts (decision 030): each render's own cache.
export const STAFF_QUERY_KEY = ['staff'] as const;

export const queryClient: QueryClient = scoped((scope) => scope.queryClient);
