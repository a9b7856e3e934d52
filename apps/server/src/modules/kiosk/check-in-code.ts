import { normalizeBookingReference } from '@sobremesa/domain';
import type { Executor } from '../../db/database.ts';
import { findCapability, type CapabilityPurpose } from '../guests/guests.service.ts';
import { reservationIdByReference } from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';

/** A capability as minted (256 random bits in base64url), with room for longer ones. */
const CAPABILITY = /^[A-Za-z0-9_-]{32,128}$/;

/**
 * The capability a scanned or typed code carries: the code itself, or the `uid` of a link (the
 * reservation's QR encodes `<origin>/menu?uid=<check-in code>`; a guest link carries it after `#`).
 * Null for anything else (another shop's QR, a phone number, garbage).
 */
export function capabilityIn(code: string): string | null {
  const text = code.trim();
  if (CAPABILITY.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const uid = url.searchParams.get('uid') ?? new URLSearchParams(url.hash.slice(1)).get('uid');
  return uid !== null && CAPABILITY.test(uid) ? uid : null;
}

/** Whether a code may hold a capability, so the door log keeps its hash rather than its text (SEC-09). */
export function mayHoldCapability(code: string): boolean {
  return /[A-Za-z0-9_-]{32,}/.test(code);
}

/** What a code at the door turned out to be. */
export type CheckInLookup =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'expired'; readonly reservationId: number }
  | { readonly kind: 'found'; readonly reservationId: number };

const CHECK_IN_PURPOSES: readonly CapabilityPurpose[] = ['menu', 'reservation'];

/**
 * The one lookup from a code shown at the door to its reservation: the QR's check-in code (or the guest
 * link, which the confirmation also holds), or the six-character booking reference typed as the guest
 * says it ("k7m-2px" is K7M2PX, the floor's search normalises it the same way). A revoked code is unknown
 * (the link was replaced and the new QR is the one to show); an expired one names a reservation that is
 * over. A reference never expires by itself: the booking's day and state decide, as for the QR.
 */
export async function findCheckInReservation(
  db: Executor,
  venue: Venue,
  code: string,
  now: Date,
): Promise<CheckInLookup> {
  const reference = normalizeBookingReference(code);
  if (reference !== null) {
    const reservationId = await reservationIdByReference(db, venue.id, reference);
    return reservationId === null ? { kind: 'unknown' } : { kind: 'found', reservationId };
  }
  const capability = capabilityIn(code);
  if (!capability) return { kind: 'unknown' };
  const found = await findCapability(db, venue.id, capability, now);
  if (!found || found.state === 'revoked' || found.row.reservationId === null) return { kind: 'unknown' };
  if (!CHECK_IN_PURPOSES.includes(found.row.purpose as CapabilityPurpose)) return { kind: 'unknown' };
  const reservationId = found.row.reservationId;
  return found.state === 'expired' ? { kind: 'expired', reservationId } : { kind: 'found', reservationId };
}
