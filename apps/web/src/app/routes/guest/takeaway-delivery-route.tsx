import { DEFAULT_LOCALE, isLocale } from '@sobremesa/domain';
import { TakeawayScreen } from '../../../features/takeaway/components/takeaway-screen.tsx';
import { takeawayConfigQuery } from '../../../features/takeaway/takeaway-queries.ts';
import { menuQuery } from '../../../lib/guest-menu/menu-queries.ts';
import { i18n, initI18n, loadNamespaces } from '../../../i18n/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { routeNamespaces } from '../../route-namespaces.ts';

/**
 * The form's setup and texts before it shows, so the server draws its first step (decision 030); the dishes are
 * on their way meanwhile, and drawn too once they are in.
 */
export async function loader() {
  // The menu's query is by language, known once the translations run.
  await initI18n();
  const locale = i18n.resolvedLanguage;
  void queryClient.prefetchQuery(menuQuery(isLocale(locale) ? locale : DEFAULT_LOCALE, null));
  await Promise.all([
    queryClient.ensureQueryData(takeawayConfigQuery),
    loadNamespaces(routeNamespaces.takeaway),
  ]);
  return null;
}

/** /takeaway-delivery: takeaway and delivery orders (issue 27). */
export function Component() {
  return <TakeawayScreen />;
}
