import type { Locale } from '@sobremesa/domain';
import { queryClient } from '../../lib/query-client.ts';
import { storage } from '../../lib/storage.ts';
import { identityQuery } from './guest-identity.ts';
import { menuQuery } from '../../lib/guest-menu/menu-queries.ts';

/**
 * Starts identifying the guest and fetching the menu together, while the route's code and texts still
 * load: on a phone's network each call in a chain costs a round trip. The menu is asked for with the link
 * the guest will most likely be known by (the page's `uid`, else the stored one); when identification
 * says otherwise the screen asks again.
 */
export function prefetchMenu(url: URL, locale: Locale): void {
  const uid = url.searchParams.get('uid');
  const wid = url.searchParams.get('wid');
  void queryClient.prefetchQuery(identityQuery(uid, wid));
  if (!wid) void queryClient.prefetchQuery(menuQuery(locale, uid ?? storage.token.get()));
}
