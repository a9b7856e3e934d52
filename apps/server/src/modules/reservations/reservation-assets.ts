import { RESERVATION_STATUS_CODES } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import { expiredLink, invalidLink, requireCapability } from '../guests/guests.service.ts';
import { seal, unseal, venueKeys } from '../signing/signing.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { reservationView } from './reservation-view.ts';
import { findReservation } from './reservations.repository.ts';

/**
 * Read-only tokens of a reservation's calendar file and QR images (SEC-09, decision 023). Those are GET
 * links a browser, a mail client or a calendar app fetches, so their token ends up in proxy logs and
 * history: it must never be the guest link, which changes and cancels the booking. The token seals the
 * check-in code (what the QR shows anyway) and an expiry an hour away under the venue's key: opaque,
 * tamper-evident, and dead as soon as the check-in code is (link rotated, booking cancelled).
 */
export const ASSET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;
const PURPOSE = 'reservation-asset';

export async function mintAssetToken(
  db: Executor,
  venueId: number,
  checkInCode: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + ASSET_TOKEN_LIFETIME_MS);
  const keys = await venueKeys(db, venueId);
  return { token: seal(keys, PURPOSE, { c: checkInCode, exp: expiresAt.getTime() }), expiresAt };
}

/** The reservation a read-only token shows, or 401 (not this venue's token) / 410 (expired or revoked). */
export async function reservationOfAssetToken(ctx: AppContext, venue: Venue, token: string) {
  const now = ctx.clock.now();
  const payload = unseal(await venueKeys(ctx.db, venue.id), PURPOSE, token);
  const checkInCode = payload?.c;
  const expiresAt = payload?.exp;
  if (typeof checkInCode !== 'string' || typeof expiresAt !== 'number') throw invalidLink();
  if (expiresAt <= now.getTime()) throw expiredLink();
  const capability = await requireCapability(ctx.db, venue.id, checkInCode, ['menu'], now);
  const row = await findReservation(ctx.db, venue.id, { id: capability.reservationId });
  if (!row || row.status === RESERVATION_STATUS_CODES.excluded) throw notFound();
  const view = await reservationView(ctx.db, venue, row, now, 'host');
  return { row, view, checkInCode };
}
