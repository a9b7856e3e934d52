import { createHash } from 'node:crypto';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import {
  findGuest,
  findGuestAllergenIds,
  findGuestByEmail,
  findTokenByHash,
  insertGuest,
  insertToken,
  revokeGuestTokensOfReservation,
  revokeTokensByHash,
  updateGuest,
  upsertGuestByEmail,
  type BookingGuest,
  type GuestRow,
  type GuestTokenRow,
} from './guests.repository.ts';

export type { GuestRow, GuestTokenRow } from './guests.repository.ts';

/**
 * Guest capabilities (SEC-09, decision 006). A guest has no account: what they may do is carried by
 * random tokens of 256 bits, of which the database keeps only the SHA-256, each scoped to one venue,
 * one reservation and one purpose:
 * - `reservation`: the guest link (`uid`): see, change and cancel the reservation; also the short-lived
 *   hold token of a provisional reservation.
 * - `menu`: the check-in code behind the reservation's QR: check in at the kiosk, join the table,
 *   invite companions (`hostCode`). It is derived one-way from the guest link, so whoever holds the
 *   link can always redraw the QR, while the QR (shown at a kiosk, photographed) never reveals the link.
 * Tokens are never logged; the request logger drops query strings and bodies.
 */
export type CapabilityPurpose = 'reservation' | 'menu';

/** A guest link with its check-in code. */
export interface MintedCapability {
  readonly uid: string;
  readonly checkInCode: string;
  readonly expiresAt: Date;
}

/** The check-in code of a guest link: SHA-256 of a labelled link, base64url (256 bits, one-way). */
export function checkInCodeFor(uid: string): string {
  return createHash('sha256').update(`sobremesa/check-in\u0000${uid}`).digest('base64url');
}

/** The hash the database keeps of a capability. */
export const capabilityHash = hashToken;

/** Mints a guest link (purpose `reservation`) and its check-in code for a reservation. */
export async function mintGuestLink(
  db: Executor,
  scope: { venueId: number; reservationId: number; guestId: number | null; expiresAt: Date },
): Promise<MintedCapability> {
  const uid = newToken();
  const checkInCode = checkInCodeFor(uid);
  await insertToken(db, { ...scope, purpose: 'reservation', tokenHash: hashToken(uid) });
  await insertToken(db, { ...scope, purpose: 'menu', tokenHash: hashToken(checkInCode) });
  return { uid, checkInCode, expiresAt: scope.expiresAt };
}

/** Mints a single token (a hold token, or an invitee's own menu `uid`). */
export async function mintToken(
  db: Executor,
  scope: {
    venueId: number;
    reservationId: number;
    guestId: number | null;
    purpose: CapabilityPurpose;
    expiresAt: Date;
  },
): Promise<string> {
  const token = newToken();
  await insertToken(db, { ...scope, tokenHash: hashToken(token) });
  return token;
}

/** What a presented capability turned out to be. */
export type CapabilityState = 'valid' | 'expired' | 'revoked';

export interface ResolvedCapability {
  readonly row: GuestTokenRow;
  readonly state: CapabilityState;
}

/** Looks a capability up in the venue; undefined when it is not one of this venue's (garbage, forged). */
export async function findCapability(
  db: Executor,
  venueId: number,
  token: string,
  now: Date,
): Promise<ResolvedCapability | undefined> {
  const row = await findTokenByHash(db, venueId, hashToken(token));
  return row && resolveCapability(row, now);
}

/** A capability's token row as it stands at `now`. */
export function resolveCapability(row: GuestTokenRow, now: Date): ResolvedCapability {
  const state: CapabilityState = row.revokedAt
    ? 'revoked'
    : row.expiresAt && row.expiresAt.getTime() <= now.getTime()
      ? 'expired'
      : 'valid';
  return { row, state };
}

/** 401 for a capability that is not ours, 410 for one that was ours but expired or was replaced. */
export const invalidLink = () => new AppError(401, 'UNAUTHENTICATED', 'guest_link_invalid');
export const expiredLink = () => new AppError(410, 'LINK_EXPIRED', 'guest_link_expired');

/**
 * A valid capability of one of `purposes` bound to a reservation, or the 401/410 refusal (SEC-09).
 */
export async function requireCapability(
  db: Executor,
  venueId: number,
  token: string,
  purposes: readonly CapabilityPurpose[],
  now: Date,
): Promise<GuestTokenRow & { reservationId: number }> {
  return validCapability(await findCapability(db, venueId, token, now), purposes);
}

/** The capability `found` if it is valid and of one of `purposes`, or the 401/410 refusal. */
export function validCapability(
  found: ResolvedCapability | undefined,
  purposes: readonly CapabilityPurpose[],
): GuestTokenRow & { reservationId: number } {
  if (!found || !purposes.includes(found.row.purpose as CapabilityPurpose)) throw invalidLink();
  if (found.state !== 'valid') throw expiredLink();
  const { row } = found;
  if (row.reservationId === null) throw invalidLink();
  return { ...row, reservationId: row.reservationId };
}

/**
 * Rotates a guest link: the presented link and its check-in code are revoked (410 from now on) and a new
 * pair is minted for the same reservation and guest.
 */
export async function rotateGuestLink(
  db: Executor,
  current: { uid: string; row: GuestTokenRow & { reservationId: number } },
  now: Date,
  expiresAt: Date,
): Promise<MintedCapability> {
  await revokeTokensByHash(
    db,
    current.row.venueId,
    [hashToken(current.uid), hashToken(checkInCodeFor(current.uid))],
    now,
  );
  return mintGuestLink(db, {
    venueId: current.row.venueId,
    reservationId: current.row.reservationId,
    guestId: current.row.guestId,
    expiresAt,
  });
}

/** Revokes tokens by their plaintext (a hold token once used or released). */
export function revokeTokens(db: Executor, venueId: number, tokens: readonly string[], now: Date) {
  return revokeTokensByHash(db, venueId, tokens.map(hashToken), now);
}

export function revokeGuestAccess(
  db: Executor,
  venueId: number,
  reservationId: number,
  guestId: number,
  now: Date,
) {
  return revokeGuestTokensOfReservation(db, venueId, reservationId, guestId, now);
}

/** The booking guest: found by email in the venue, or created (see `upsertGuestByEmail`). */
export function saveBookingGuest(db: Executor, values: BookingGuest): Promise<number> {
  return upsertGuestByEmail(db, values);
}

/** A companion: by email when given (one email is one guest of the venue), otherwise a new guest. */
export async function saveCompanion(
  db: Executor,
  values: {
    venueId: number;
    name: string;
    email?: string;
    phone?: string;
    locale?: string;
    consentedAt: Date | null;
  },
): Promise<number> {
  if (values.email) {
    return upsertGuestByEmail(db, {
      venueId: values.venueId,
      name: values.name,
      email: values.email,
      phone: values.phone ?? null,
      locale: values.locale ?? null,
      consentedAt: values.consentedAt,
    });
  }
  const row = await insertGuest(db, {
    venueId: values.venueId,
    name: values.name,
    phone: values.phone ?? null,
    locale: values.locale ?? null,
    consentedAt: values.consentedAt,
  });
  return row.id;
}

export function guestById(db: Executor, venueId: number, guestId: number): Promise<GuestRow | undefined> {
  return findGuest(db, venueId, guestId);
}

export function guestAllergenIds(db: Executor, venueId: number, guestId: number): Promise<number[]> {
  return findGuestAllergenIds(db, venueId, guestId);
}

export function guestByEmail(db: Executor, venueId: number, email: string): Promise<GuestRow | undefined> {
  return findGuestByEmail(db, venueId, email);
}

/** The guest changed their phone or language (through their own link). */
export async function updateGuestContact(
  db: Executor,
  venueId: number,
  guestId: number,
  contact: { phone?: string; locale?: string },
): Promise<void> {
  await updateGuest(db, venueId, guestId, contact);
}
