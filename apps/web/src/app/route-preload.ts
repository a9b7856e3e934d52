import { prefetchMenu } from '../features/menu/prefetch-menu.ts';
import { resolveInitialLocale } from '../i18n/locale-preference.ts';
import { preloadMessages } from '../i18n/messages.ts';
import { INITIAL_NAMESPACES, SHELL_NAMESPACES } from '../i18n/namespaces.ts';
import { systemConfigQuery, venueConfigQuery } from '../lib/config-queries.ts';
import { queryClient } from '../lib/query-client.ts';
import { storage } from '../lib/storage.ts';
import type { FirstRoute } from './route-table.ts';

/**
 * The start-up script's second step (decision 017): the configuration calls, the route's texts in the
 * visitor's language and, for the menu, the guest's identity and the menu, all at once, while the app's own
 * code is still downloading. The app later finds them in the query cache and the module map. Failures are
 * left for the app's own requests of the same things to report.
 */
export function preloadFirstRouteData(url: URL, route: FirstRoute | undefined): void {
  const locale = resolveInitialLocale(storage.get('selectedLocale'), navigator.languages);
  // The API localises its replies (the menu too) by <html lang> (lib/api.ts): set before the first call.
  document.documentElement.lang = locale;
  void queryClient.prefetchQuery(systemConfigQuery);
  void queryClient.prefetchQuery(venueConfigQuery);
  if (route?.data === 'menu') prefetchMenu(url, locale);
  preloadMessages(locale, [...INITIAL_NAMESPACES, ...SHELL_NAMESPACES, ...(route?.namespaces ?? [])]);
  // The first currency formatter loads the language's number data, a long task on a slow phone: paid now,
  // while the app's code is still on its way, rather than while the prices are drawn.
  if (route?.prices) new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(0);
}
