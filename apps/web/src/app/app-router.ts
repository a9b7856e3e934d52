import type { router } from './router.tsx';

/**
 * The app's router, handed over by `router.tsx` once it is made. Staff code that navigates on its own (the
 * access-error watcher) reaches it here: importing `router.tsx` would close a cycle through the route tree,
 * which lazy-loads that same staff code (decision 070). Every page's entry carries it, so it stays this small.
 */
export const appRouter: { current?: typeof router } = {};
