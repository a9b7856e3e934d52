import { createBrowserRouter } from 'react-router';
import { appRouter } from './app-router.ts';
import { routes } from './route-tree.tsx';

export const router = createBrowserRouter(routes);
appRouter.current = router;

/** Resolves once the first location's loaders have finished (or failed: the error screen shows then). */
export function routerReady(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
