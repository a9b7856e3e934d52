// checkavailability and availablerooms: what guests may still book.
import type { CheckAvailabilityRequest } from '@sobremesa/contracts';
import { toTimeSlot } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { findCapability } from '../guests/guests.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  assertBookable,
  assertBookableRoom,
  assertPartyFits,
  availableDays,
  bookingWindow,
  freshSlots,
  isBookableDay,
  loadBookingProfile,
} from './availability.ts';

/** checkavailability: the spec's time slots of a date, and optionally which dates have any left. */
export async function checkAvailability(ctx: AppContext, venue: Venue, input: CheckAvailabilityRequest) {
  const now = ctx.clock.now();
  const profile = await loadBookingProfile(ctx, venue);
  assertBookableRoom(profile, input.roomId);
  if (input.dateFrom !== undefined && input.dateFrom > input.date) {
    throw new AppError(400, 'VALIDATION_FAILED', 'validation_failed', {
      fields: [{ path: 'dateFrom', message: 'dateFrom must not be after date' }],
    });
  }
  // With `dateFrom` the date picker asks for a range, whose last day (the window's end) may well be a
  // closed weekday or a holiday: the range is answered, and that day simply has no times.
  const range = input.dateFrom !== undefined;
  if (range) assertPartyFits(profile, input);
  else assertBookable(profile, input, now);
  const ignoreReservationIds = await ownHold(ctx, venue, input.holdToken, now);
  const query = { date: input.date, pax: input.pax, roomId: input.roomId, ignoreReservationIds };
  const slots =
    !range || isBookableDay(profile, input.date, now) ? await freshSlots(ctx, profile, query) : [];
  const days =
    input.dateFrom === undefined
      ? undefined
      : await availableDays(ctx, profile, { ...query, from: input.dateFrom, to: input.date });
  return {
    result: 0 as const,
    date: input.date,
    pax: input.pax,
    timeSlots: slots.map(toTimeSlot),
    ...(days ? { days } : {}),
  };
}

/** The provisional reservation of a live hold token, to leave out of the holder's own view. */
async function ownHold(ctx: AppContext, venue: Venue, holdToken: string | undefined, now: Date) {
  if (!holdToken) return [];
  // Availability is public: a stale or foreign hold token just leaves nothing out.
  const found = await findCapability(ctx.db, venue.id, holdToken, now);
  if (
    !found ||
    found.state !== 'valid' ||
    found.row.purpose !== 'reservation' ||
    found.row.reservationId === null
  ) {
    return [];
  }
  return [found.row.reservationId];
}

/** availablerooms: the rooms guests may book, or those with a table left for date, pax (and time). */
export async function availableRooms(
  ctx: AppContext,
  venue: Venue,
  input: { date?: string; pax?: number; timeSlot?: string },
) {
  const now = ctx.clock.now();
  const profile = await loadBookingProfile(ctx, venue);
  let roomIds = [...profile.maxPaxByRoom.entries()].filter(([, maxPax]) => maxPax > 0).map(([id]) => id);
  if (input.date !== undefined && input.pax !== undefined) {
    assertBookable(profile, { date: input.date, pax: input.pax }, now);
    const slots = await freshSlots(ctx, profile, { date: input.date, pax: input.pax });
    const open = new Set(
      slots
        .filter((slot) => input.timeSlot === undefined || slot.timeSlot === input.timeSlot)
        .map((s) => s.roomId),
    );
    roomIds = roomIds.filter((id) => open.has(id));
  }
  return {
    result: 0 as const,
    rooms: profile.rooms
      .filter((room) => roomIds.includes(room.id))
      .map((room) => ({ room_id: room.id, name: room.name, maxPax: profile.maxPaxByRoom.get(room.id) ?? 0 })),
    bookingWindow: bookingWindow(profile, now),
  };
}
