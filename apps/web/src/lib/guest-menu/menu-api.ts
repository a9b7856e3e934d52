import type { GuestUser, MenuGetResponse } from '@sobremesa/contracts';
import { ApiError, envelope, type ApiCall } from '../api-client.ts';
import { api } from '../api.ts';

/**
 * The guest menu's first calls (spec §7 Users, Menus; decision 009): who the guest is and the menu. The
 * start-up script makes them too (decision 017), so this file stays small; the table's other calls are in
 * table-api.ts. The guest is known by their capability `uid` (SEC-09), never by a token of ours. Replies
 * are checked by hand (no zod on a guest's phone, apps/web/src/app/README.md).
 */

export type { GuestUser, MenuGetResponse };

const findGuestCall = (uid: string): ApiCall => ({ path: '/world/api/user/find', init: { body: { uid } } });
const menuCall = (uid: string | null): ApiCall => ({
  path: '/world/api/menu/get',
  init: { body: uid ? { uid } : {} },
});

export async function findGuest(uid: string): Promise<GuestUser> {
  const { path, init } = findGuestCall(uid);
  const reply = await api.request(
    envelope<{ user: GuestUser }>(['user'], (r) => typeof r.user.reservationWid === 'string'),
    path,
    init,
  );
  return reply.user;
}

/** The menus in the language of the page (the client sends it as `X-Locale`). */
export async function fetchMenu(uid: string | null): Promise<MenuGetResponse> {
  const { path, init } = menuCall(uid);
  return api.request(
    envelope<MenuGetResponse>(['menus', 'dishClasses'], (r) => Array.isArray(r.menus)),
    path,
    init,
  );
}

/**
 * The calls a menu page opened at `url` makes first, as `prefetch-menu.ts` and the guest's identification
 * make them: who the link (or the stored one) names, and the menu unless the link is a table's QR (`wid`).
 */
export function firstMenuCalls(url: URL, storedUid: string | null): ApiCall[] {
  const uid = url.searchParams.get('uid') ?? storedUid;
  const calls = uid ? [findGuestCall(uid)] : [];
  if (!url.searchParams.get('wid')) calls.push(menuCall(uid));
  return calls;
}

/** The venue's live stream of product changes (decision 014). */
export const PRODUCT_EVENTS_URL = '/world/api/menu/product-events';

/** Whether a failure says the guest's link is unknown (401) or no longer valid (410). */
export function isLinkRefused(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 410);
}

/** Whether a failure says the link names no guest (a table QR before joining) or another reservation. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
