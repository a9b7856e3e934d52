import { useMatches } from 'react-router';

/** Keys of `shell:routeTitles`: the first half of the page title (spec §2). */
export type RouteTitle =
  | 'reserve'
  | 'iframeReserve'
  | 'widget'
  | 'menu'
  | 'carta'
  | 'takeawayDelivery'
  | 'home'
  | 'review'
  | 'myReservations'
  | 'kiosk'
  | 'copilot'
  | 'login'
  | 'ebitdata';

/** Spec §2: the favicon varies by route; `venue` is the venue's own icon when it has one. */
export type Favicon = 'default' | 'menu' | 'copilot' | 'kiosk' | 'login' | 'venue';

/** Spec §2: the body gets a class on copilot, kiosk and login paths (staff styling hangs off it). */
export type BodyClass = 'page-copilot' | 'page-kiosk' | 'page-login' | 'page-menu';

/** What a route says about the document around it; set in the route table as the route's `handle`. */
export interface RouteHandle {
  readonly title: RouteTitle;
  readonly favicon: Favicon;
  readonly bodyClass?: BodyClass;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'title' in value && 'favicon' in value;
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
