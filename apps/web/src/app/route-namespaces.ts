import type { Namespace } from '../i18n/namespaces.ts';

/**
 * The message namespaces each route's loader waits for, beyond the shell's. Kept apart from the routes'
 * code so the start-up script can ask for them before that code arrives (decision 017).
 */
export const routeNamespaces = {
  // guestAccount: the host's "Invitar" on their reservation's page (decision 040).
  reservations: ['reservations', 'guestAccount'],
  menu: ['menu'],
  auth: ['auth'],
  reviews: ['reviews'],
  home: ['home'],
  takeaway: ['takeaway'],
  guestAccount: ['guestAccount'],
  copilot: ['copilot', 'auth', 'floor', 'notifications', 'voice', 'reviews', 'kiosk', 'takeawayStaff'],
  admin: ['auth', 'admin', 'adminMenus'],
  kiosk: ['kiosk', 'auth'],
} as const satisfies Record<string, readonly Namespace[]>;
