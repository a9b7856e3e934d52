// The page's first script, separate from the app's and with no dependencies of its own, so it runs as soon
// as its few hundred bytes arrive rather than after React, the router and i18next (decision 017): it asks
// for the first route's code at once, then starts its data and texts.
import { preloadRouteChunks } from './app/route-chunks.ts';
import { firstRoute } from './app/route-table.ts';

const url = new URL(window.location.href);
const route = firstRoute(url.pathname);
for (const module of route?.modules ?? []) preloadRouteChunks(document, module);
import('./app/route-preload.ts').then(
  ({ preloadFirstRouteData }) => preloadFirstRouteData(url, route),
  // The app's own requests will report it.
  () => undefined,
);
