import type { Locale } from '@sobremesa/domain';
import { prefetchMenu } from '../features/menu/prefetch-menu.ts';
import { preloadMessages } from '../i18n/messages.ts';
import type { Namespace } from '../i18n/namespaces.ts';
import { systemConfigQuery, venueConfigQuery } from '../lib/config-queries.ts';
import { queryClient } from '../lib/query-client.ts';
import type { FirstRoute } from './route-table.ts';

/**
 * The start-up script's second step (decision 017): the configuration, the guest's identity and the menu
 * into the query cache (their calls were sent ahead by the first step and are answered from there), and
 * the route's texts, while the app's own code is still downloading. The app later finds them in the query
 * cache and the module map. Failures are left for the app's own requests of the same things to report.
 */
export function preloadFirstRouteData(
  url: URL,
  route: FirstRoute | undefined,
  locale: Locale,
  namespaces: readonly Namespace[],
): void {
  void queryClient.prefetchQuery(systemConfigQuery);
  void queryClient.prefetchQuery(venueConfigQuery);
  if (route?.data === 'menu') prefetchMenu(url, locale);
  preloadMessages(locale, namespaces);
}
