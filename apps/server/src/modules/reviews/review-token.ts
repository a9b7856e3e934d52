import type { Executor } from '../../db/database.ts';
import { seal, unseal, venueKeys } from '../signing/signing.service.ts';

/**
 * The review token on a ticket's QR (issue 26 item 6, decision 035): the account's id and an expiry
 * sealed under the venue's key. It opens only the review of that account: never the booking, the menu
 * or the bill, so a ticket left on the table or photographed gives away nothing else.
 */
export const REVIEW_TOKEN_LIFETIME_MS = 14 * 24 * 3600 * 1000;
const PURPOSE = 'review';

export async function mintReviewToken(
  db: Executor,
  venueId: number,
  reservationId: number,
  now: Date,
): Promise<string> {
  const keys = await venueKeys(db, venueId);
  return seal(keys, PURPOSE, { r: reservationId, exp: now.getTime() + REVIEW_TOKEN_LIFETIME_MS });
}

/** The account a review token names, 'expired', or undefined when it is not this venue's token. */
export async function openReviewToken(
  db: Executor,
  venueId: number,
  token: string,
  now: Date,
): Promise<number | 'expired' | undefined> {
  const payload = unseal(await venueKeys(db, venueId), PURPOSE, token);
  const reservationId = payload?.r;
  const expiresAt = payload?.exp;
  if (typeof reservationId !== 'number' || typeof expiresAt !== 'number') return undefined;
  return expiresAt <= now.getTime() ? 'expired' : reservationId;
}

/** The guest review page a ticket's QR opens. */
export function reviewPageUrl(origin: string, token: string): string {
  return `${origin}/opinion?t=${encodeURIComponent(token)}`;
}
