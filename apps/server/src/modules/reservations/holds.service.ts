// Holds: a guest keeps a time while filling in the form (decision 006).
import type { HoldRequest, HoldResponse } from '@sobremesa/contracts';
import { holdMayBlockTables, RESERVATION_STATUS_CODES } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import {
  expiredLink,
  findCapability,
  invalidLink,
  mintToken,
  revokeTokens,
} from '../guests/guests.service.ts';
import { rateLimited } from '../rate-limit/rate-limit.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  HOLD_SECONDS,
  assertBookable,
  assertBookableRoom,
  chooseTables,
  loadBookingProfile,
} from './availability.ts';
import { notifyAvailability } from './availability-events.ts';
import {
  deleteAbandonedHolds,
  liveHoldExpiriesOf,
  lockHoldScope,
  releaseBookingsOf,
} from './table-bookings.repository.ts';
import { insertReservation, lockReservation, type ReservationRow } from './reservations.repository.ts';
import { SlotGone, slotUnavailable, asSlotUnavailable } from './booking-races.ts';
import { DAY_MS, serviceDateOf, slotInstant } from './reservation-times.ts';
import { bookReservationTables, releaseLapsedHolds } from './table-bookings.service.ts';

/** Live holds one guest network (address, or IPv6 /64) may keep at once in a venue (issue 17 item 6). */
export const HOLDS_PER_HOLDER = 2;

/**
 * Holds the chosen time for the guest (decision 006): a provisional reservation (status 10, not shown to
 * staff lists) with a `held` table booking that expires after {@link HOLD_SECONDS}. The booking takes
 * part in the exclusion constraint, so two guests can never hold one table; it is converted by
 * `register`, given up by `releasehold` or a new hold, or released by the next booking transaction
 * that meets it after it lapsed.
 *
 * A guest's hold (`holder`: their network; staff holds have none) is bounded (decision 024): at most
 * {@link HOLDS_PER_HOLDER} live holds per holder (429 until the soonest lapses), and holds together keep at
 * most half of the tables guests can book in any stay — past that the hold is granted without keeping a
 * table, and the booking takes whatever table is free when the guest confirms.
 */
export async function holdTime(
  ctx: AppContext,
  venue: Venue,
  input: HoldRequest,
  holder?: string,
): Promise<HoldResponse> {
  const now = ctx.clock.now();
  const profile = await loadBookingProfile(ctx, venue);
  assertBookableRoom(profile, input.roomId);
  assertBookable(profile, input, now);
  const startsAtWanted = slotInstant(venue, input.date, input.timeSlot);
  if (!startsAtWanted) throw await slotUnavailable(ctx, profile, input);
  try {
    return await ctx.db.transaction(async (tx) => {
      if (input.holdToken) await giveUpHold(tx, venue, input.holdToken, now, { mustBeLive: false });
      if (holder) {
        // Always in this order (holder, then day), so two holds never wait on each other crosswise.
        await assertHolderMayHold(tx, venue.id, holder, now);
        await lockHoldScope(tx, `${venue.id}:day:${input.date}`);
      }
      await deleteAbandonedHolds(tx, venue.id, new Date(now.getTime() - DAY_MS));
      await releaseLapsedHolds(tx, profile, input.date, now);
      const taken = await chooseTables(tx, profile, input, now);
      if (!taken) throw new SlotGone();
      const expiresAt = new Date(now.getTime() + HOLD_SECONDS * 1000);
      const reservation = await insertReservation(tx, {
        venueId: venue.id,
        status: RESERVATION_STATUS_CODES.excluded,
        startsAt: taken.startsAt,
        endsAt: taken.endsAt,
        name: '',
        pax: input.pax,
        roomId: taken.slot.roomId,
        source: input.source ?? 'web',
        heldBy: holder ?? null,
      });
      const keepsTables =
        !holder ||
        holdMayBlockTables(
          profile.engine,
          taken.holds,
          { startsAt: taken.startsAt, endsAt: taken.endsAt, tableIds: taken.tableIds },
          now,
        );
      if (keepsTables) {
        await bookReservationTables(tx, venue, {
          ...taken,
          reservationId: reservation.id,
          status: 'held',
          holdExpiresAt: expiresAt,
        });
      }
      const holdToken = await mintToken(tx, {
        venueId: venue.id,
        reservationId: reservation.id,
        guestId: null,
        purpose: 'reservation',
        expiresAt,
      });
      await notifyAvailability(tx, venue.id, input.date, expiresAt);
      return {
        result: 0 as const,
        holdToken,
        expiresAt: expiresAt.toISOString(),
        holdSeconds: HOLD_SECONDS,
        date: input.date,
        timeSlot: taken.slot.timeSlot,
        pax: input.pax,
        roomId: taken.slot.roomId,
        duration: taken.slot.duration,
        duration_limited: taken.slot.duration_limited,
      };
    });
  } catch (error) {
    throw await asSlotUnavailable(ctx, profile, input, error);
  }
}

/** 429 when the holder already keeps {@link HOLDS_PER_HOLDER} live holds, until the soonest lapses. */
async function assertHolderMayHold(tx: Transaction, venueId: number, holder: string, now: Date) {
  await lockHoldScope(tx, `${venueId}:holder:${holder}`);
  const expiries = await liveHoldExpiriesOf(tx, venueId, holder, now);
  if (expiries.length < HOLDS_PER_HOLDER) return;
  const soonest = expiries[0]!;
  throw rateLimited(Math.max(1, Math.ceil((soonest.getTime() - now.getTime()) / 1000)));
}

/**
 * Frees a hold by its token inside `tx`: 401 when the token is not a hold of this venue, 410 when it was
 * already used or given up. Returns the provisional reservation, or undefined when it had lapsed.
 */
async function giveUpHold(
  tx: Transaction,
  venue: Venue,
  holdToken: string,
  now: Date,
  options: { mustBeLive: boolean },
): Promise<ReservationRow | undefined> {
  const found = await findCapability(tx, venue.id, holdToken, now);
  if (!found || found.row.purpose !== 'reservation' || found.row.reservationId === null) throw invalidLink();
  if (found.state === 'revoked') throw expiredLink();
  const held = await lockReservation(tx, venue.id, found.row.reservationId);
  // A booked reservation's guest link is not a hold token.
  if (!held || held.status !== RESERVATION_STATUS_CODES.excluded) throw invalidLink();
  if (options.mustBeLive && found.state === 'expired') throw expiredLink();
  await releaseBookingsOf(tx, venue.id, held.id, now);
  await revokeTokens(tx, venue.id, [holdToken], now);
  await notifyAvailability(tx, venue.id, serviceDateOf(venue, held.startsAt));
  return held;
}

/** releasehold: the guest gave up the time; it is free for others at once. */
export async function releaseHold(ctx: AppContext, venue: Venue, holdToken: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await giveUpHold(tx, venue, holdToken, now, { mustBeLive: false });
  });
}
