import type { router } from './router.tsx';

/**
 * The app's router, handed over by `router.tsx` once it is made. Staff code that navigates on its own (the
 * access-error watcher) reaches it here: importing `router.tsx` would close a cycle through the route tree,
 * which lazy-loads that same staff code (decision 070).
 */
let current: typeof router | undefined;

export function setAppRouter(made: typeof router): void {
  current = made;
}

export function appRouter(): typeof router {
  if (current === undefined) throw new Error('The router is used before router.tsx made it.');
  return current;
}
