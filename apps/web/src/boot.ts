// The page's first script, separate from the app's and with few, small dependencies, so it runs as soon as
// its few kilobytes arrive rather than after the renderer and the router (decision 017): it asks for
// the first route's code and texts and sends its first calls at once, then starts the query cache's step.
import { firstRoute } from './app/route-table.ts';
import { messageChunkFiles, preloadFiles, routeChunkFiles } from './app/route-chunks.ts';
import { firstMenuCalls } from './lib/guest-menu/menu-api.ts';
import { resolveInitialLocale } from './i18n/locale-preference.ts';
import { INITIAL_NAMESPACES, SHELL_NAMESPACES } from './i18n/namespaces.ts';
import { api } from './lib/api.ts';
import { SYSTEM_CONFIG_CALL, VENUE_CONFIG_CALL } from './lib/config-calls.ts';
import { storage } from './lib/storage.ts';
import { takesOverDrawnPage } from './ssr/take-over.ts';

const url = new URL(window.location.href);
const route = firstRoute(url.pathname);
const locale = resolveInitialLocale(
  storage.get('selectedLocale'),
  navigator.languages,
  url.searchParams.get('lang'),
);
// The API localises its replies (the menu too) by <html lang> (lib/api.ts): set before the first call.
document.documentElement.lang = locale;

// A page the server drew carries its data (decision 030): only its code and texts are left to fetch, unless
// this device draws the page itself (ssr/take-over.ts).
const takeOver = takesOverDrawnPage();

// The calls first: the menu's reply, the longest to come, is what the first screen waits for last. Each is
// answered to the app's first identical request (lib/api-client.ts), whichever step makes it.
if (!takeOver) {
  if (route?.data === 'menu')
    for (const call of firstMenuCalls(url, storage.token.get())) api.sendEarly(call);
  api.sendEarly(SYSTEM_CONFIG_CALL);
  api.sendEarly(VENUE_CONFIG_CALL);
}

preloadFiles(
  document,
  (route?.modules ?? []).flatMap((module) => routeChunkFiles(document, module)),
);
const namespaces = [...INITIAL_NAMESPACES, ...SHELL_NAMESPACES, ...(route?.namespaces ?? [])];
preloadFiles(document, messageChunkFiles(document, locale, namespaces));

if (!takeOver)
  import('./app/route-preload.ts').then(
    ({ preloadFirstRouteData }) => preloadFirstRouteData(url, route, locale, namespaces),
    // The app's own requests will report it.
    () => undefined,
  );
