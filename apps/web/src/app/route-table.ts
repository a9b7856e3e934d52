import type { Namespace } from '../i18n/namespaces.ts';
import { routeNamespaces } from './route-namespaces.ts';

/** What the start-up script fetches for the first path (decision 017). */
export interface FirstRoute {
  /** The route's modules under src/app/routes (app/router.tsx), outermost layout first. */
  readonly modules: readonly string[];
  readonly namespaces: readonly Namespace[];
  /** The route's own data calls to start. */
  readonly data?: 'menu';
  /**
   * Whether the server renders its page with its data (decision 030): a guest route opts in here once nothing
   * it draws reads the browser during render. Staff and kiosk routes stay drawn in the browser.
   */
  readonly serverRendered?: true;
}

const guest = (route: string, namespaces: readonly Namespace[] = []): FirstRoute => ({
  modules: ['guest/guest-route', route],
  namespaces,
});

const serverRendered = (route: FirstRoute): FirstRoute => ({ ...route, serverRendered: true });

const embedded = (route: string): FirstRoute => ({
  modules: ['guest/embedded-route', route],
  namespaces: routeNamespaces.reservations,
  serverRendered: true,
});

const menu: FirstRoute = serverRendered({ ...guest('guest/menu-route', routeNamespaces.menu), data: 'menu' });

/** By the path's first segment, as app/router.tsx places them; the build writes a page for each. */
export const FIRST_ROUTES: Readonly<Record<string, FirstRoute>> = {
  reservar: serverRendered(guest('guest/reserve-route', routeNamespaces.reservations)),
  menu,
  carta: menu,
  'takeaway-delivery': serverRendered(guest('guest/takeaway-delivery-route', routeNamespaces.takeaway)),
  home: serverRendered(guest('guest/home-route', routeNamespaces.home)),
  opinion: guest('guest/review-route', routeNamespaces.reviews),
  'mis-reservas': guest('guest/my-reservations-route', routeNamespaces.guestAccount),
  'iframe-reservar': embedded('guest/iframe-reserve-route'),
  widget: embedded('guest/widget-route'),
  kiosk: { modules: ['kiosk/kiosk-route'], namespaces: routeNamespaces.kiosk },
  login: { modules: ['staff/login-route'], namespaces: routeNamespaces.auth },
  copilot: { modules: ['staff/copilot-route'], namespaces: routeNamespaces.copilot },
  ebitdata: { modules: ['staff/ebitdata-route'], namespaces: routeNamespaces.admin },
};

export function firstRoute(pathname: string): FirstRoute | undefined {
  return FIRST_ROUTES[pathname.split('/')[1] ?? ''];
}

/** Whether the server renders the page at this path (decision 030). */
export function isServerRendered(pathname: string): boolean {
  return firstRoute(pathname)?.serverRendered === true;
}
