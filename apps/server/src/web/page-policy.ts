import { INDEXABLE_PAGES, type IndexablePage } from './page-descriptions.ts';

/**
 * What a page of the web app is to search engines and caches, by its first path segment:
 * - `guest`: a public guest page, listed in the sitemap, described in its head;
 * - `embedded`: the booking form made to sit in a venue's own site (`noindex, indexifembedded`: indexed as part
 *   of that site, not as a page of its own);
 * - `private`: staff, kiosk and sign-in screens, never indexed;
 * - `other`: a path the app redirects from.
 */
export type PagePolicy =
  | { readonly kind: 'guest'; readonly page: IndexablePage }
  | { readonly kind: 'embedded' | 'private' | 'other' };

const EMBEDDED = new Set(['iframe-reservar', 'widget']);
// `opinion` and `mis-reservas`: one guest's review and reservations, opened by their capability (issue 26).
const PRIVATE = new Set(['login', 'copilot', 'kiosk', 'ebitdata', 'opinion', 'mis-reservas']);

/** The staff app's screens (decision 051): their pages link the web app manifest, so a tablet can install it. */
const STAFF_APP = new Set(['login', 'copilot', 'kiosk', 'ebitdata']);

export function isStaffAppPage(segment: string | undefined): boolean {
  return segment !== undefined && STAFF_APP.has(segment);
}

export function pagePolicy(segment: string | undefined): PagePolicy {
  if (segment === undefined) return { kind: 'other' };
  if ((INDEXABLE_PAGES as readonly string[]).includes(segment))
    return { kind: 'guest', page: segment as IndexablePage };
  if (EMBEDDED.has(segment)) return { kind: 'embedded' };
  if (PRIVATE.has(segment)) return { kind: 'private' };
  return { kind: 'other' };
}

/** The `X-Robots-Tag` (and `<meta name="robots">`) of a page, or null for the default (index, follow). */
export function robotsDirective(policy: PagePolicy): string | null {
  if (policy.kind === 'private') return 'noindex, nofollow';
  if (policy.kind === 'embedded') return 'noindex, indexifembedded';
  return null;
}

/**
 * Query parameters that carry a guest capability (SEC-09): the table's QR (`wid`), a guest's link (`uid`) and
 * a ticket's review token (`t`).
 */
const CAPABILITY_PARAMS = ['uid', 'wid', 't'];

/**
 * How a page may be cached. A page asked for with a capability is the page of that guest's table or booking:
 * nothing between the guest and the server (a shared proxy, the browser's back-forward store) may keep it.
 * Every other page is revalidated on each visit, so a release reaches guests at once.
 */
export function pageCacheControl(search: URLSearchParams): string {
  return carriesCapability(search) ? 'private, no-store' : 'no-cache';
}

/**
 * Whether the page is asked for with a guest capability. Its drawn HTML holds that guest's name and table, so it
 * is drawn for the one request and never kept, by the server or anything between (decision 072).
 */
export function carriesCapability(search: URLSearchParams): boolean {
  return CAPABILITY_PARAMS.some((name) => search.has(name));
}
