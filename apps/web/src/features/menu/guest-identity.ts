import { storage } from '../../lib/storage.ts';
import { findGuest, isLinkRefused, isNotFound, type GuestUser } from '../../lib/guest-menu/menu-api.ts';

/**
 * Who is looking at the menu (spec §2 "Menu identifies the guest from the uid query parameter or the
 * stored token", decision 014):
 * - `guest`: a capability naming a guest (their own link, or one they got by joining the table);
 * - `join`: a table's account QR (`uid` names no guest, `wid` names the account): the guest gives their name
 *   and `user/createguestusermenu` gives them their own `uid`;
 * - `visitor`: no link, or one that is unknown or expired: the menu can be read, not ordered from.
 */
export type Identity =
  | { readonly kind: 'guest'; readonly uid: string; readonly wid: string; readonly user: GuestUser }
  | { readonly kind: 'join'; readonly hostCode: string; readonly wid: string }
  | { readonly kind: 'visitor'; readonly reason: 'none' | 'expired' };

/** A guest's identity, when their link names a reservation's account to order on. */
function asGuest(uid: string, user: GuestUser): Identity | null {
  return user.reservationWid ? { kind: 'guest', uid, wid: user.reservationWid, user } : null;
}

async function storedGuest(): Promise<Identity | null> {
  const stored = storage.token.get();
  if (!stored) return null;
  try {
    return asGuest(stored, await findGuest(stored));
  } catch (error) {
    // A staff session's token on this device, or a guest link that ended: not this guest's.
    if (isLinkRefused(error) || isNotFound(error)) return null;
    throw error;
  }
}

async function identify(uid: string | null, wid: string | null): Promise<Identity> {
  if (uid) {
    try {
      const user = await findGuest(uid);
      storage.token.set(uid);
      return asGuest(uid, user) ?? { kind: 'visitor', reason: 'expired' };
    } catch (error) {
      if (isNotFound(error) && wid) {
        // The table's QR again on a phone that already joined this account: no second guest.
        const known = await storedGuest();
        if (known?.kind === 'guest' && known.wid === wid) return known;
        return { kind: 'join', hostCode: uid, wid };
      }
      if (isLinkRefused(error) || isNotFound(error)) return { kind: 'visitor', reason: 'expired' };
      throw error;
    }
  }
  return (await storedGuest()) ?? { kind: 'visitor', reason: 'none' };
}

export const identityKey = (uid: string | null, wid: string | null) =>
  ['menu', 'identity', uid, wid] as const;

/** The identity query of a `uid` and `wid`, so the route's loader can start it before the screen mounts. */
export function identityQuery(uid: string | null, wid: string | null) {
  return {
    queryKey: identityKey(uid, wid),
    queryFn: () => identify(uid, wid),
    staleTime: Infinity,
    retry: 1,
  };
}
