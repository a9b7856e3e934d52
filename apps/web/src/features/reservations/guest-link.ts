/**
 * The guest links of decision 006: `/reservar#uid=<capability>` shows the reservation and
 * `/reservar#uid=<capability>&action=cancel` offers to cancel it. The capability lives in the fragment so it
 * never reaches a server log or a Referer. Links this app writes also carry `id` (the reservation's wid),
 * which saves looking it up.
 */
export interface GuestLink {
  readonly uid: string;
  readonly action: 'view' | 'cancel';
  readonly reservationId: string | null;
}

const CAPABILITY = /^[A-Za-z0-9_-]{16,128}$/;
const RESERVATION_REF = /^[A-Za-z0-9_-]{1,64}$/;

/** The guest link in a location hash, or null when the hash holds none. */
export function parseGuestLink(hash: string): GuestLink | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const uid = params.get('uid');
  if (uid === null) return null;
  const id = params.get('id');
  return {
    // A malformed uid is kept as it is: the server answers it as an unknown link, which the page explains.
    uid: CAPABILITY.test(uid) ? uid : uid.slice(0, 128),
    action: params.get('action') === 'cancel' ? 'cancel' : 'view',
    reservationId: id !== null && RESERVATION_REF.test(id) ? id : null,
  };
}

/** The hash of a link to this reservation (for the confirmation step's cancel link). */
export function guestLinkHash(link: GuestLink): string {
  const params = new URLSearchParams({ uid: link.uid });
  if (link.action === 'cancel') params.set('action', 'cancel');
  if (link.reservationId) params.set('id', link.reservationId);
  return `#${params.toString()}`;
}
