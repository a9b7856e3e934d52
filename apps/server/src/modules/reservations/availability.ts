import {
  DEFAULT_BUFFER_MINUTES,
  DEFAULT_STAY_RULES,
  addDays,
  assignTable,
  bookingHorizon,
  findAvailability,
  isBookableDate,
  logicalDate,
  serviceDayRange,
  tableOptionsFor,
  type AvailabilityVenue,
  type AvailableSlot,
  type ExistingBooking,
  type IsoDate,
} from '@sobremesa/domain';
import type { BookingWindow } from '@sobremesa/contracts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { serviceSchedule } from '../config/config.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { listActiveReservationsStarting } from './reservations.repository.ts';
import { listLiveTableBookings, type LiveTableBooking } from './table-bookings.repository.ts';
import { loadFloor } from './venue-floor.repository.ts';

/**
 * How long a guest's chosen time stays held while they complete the form: long enough to type a name, an
 * email and a phone on a phone, short enough that an abandoned hold soon frees the table (issue 17).
 */
export const HOLD_SECONDS = 5 * 60;

const MINUTE_MS = 60_000;

/** Bookings this far either side of a service day can still touch its stays (longest stay + buffer). */
function windowMarginMs(engine: AvailabilityVenue): number {
  const longest = Math.max(...(engine.stayRules ?? DEFAULT_STAY_RULES).map((rule) => rule.minutes));
  return (longest + 2 * DEFAULT_BUFFER_MINUTES) * MINUTE_MS;
}

/** Everything about a venue that availability needs except its bookings: read once per request. */
export interface BookingProfile {
  readonly venue: Venue;
  readonly engine: AvailabilityVenue;
  readonly rooms: readonly { id: number; name: string; sortOrder: number; reservable: boolean }[];
  /** Largest party one booking can seat, per reservable room and overall. */
  readonly maxPaxByRoom: ReadonlyMap<number, number>;
  readonly maxPax: number;
}

/** Largest party some option of the floor seats (in `roomId` when given), 0 when none. */
function largestParty(engine: AvailabilityVenue, roomId?: number): number {
  let upper = 0;
  for (const table of engine.tables) {
    if (table.active === false || (roomId !== undefined && table.roomId !== roomId)) continue;
    upper = Math.max(upper, table.maxPax);
  }
  for (const combination of engine.combinations ?? []) {
    const seats = combination.tableIds
      .map((id) => engine.tables.find((table) => table.id === id)?.maxPax ?? 0)
      .reduce((sum, value) => sum + value, 0);
    upper = Math.max(upper, combination.maxPax ?? seats);
  }
  for (let pax = Math.min(upper, 100); pax >= 1; pax -= 1) {
    if (tableOptionsFor(engine, pax, { roomId }).length > 0) return pax;
  }
  return 0;
}

/**
 * Profiles by resolved venue: the venue directory hands out the same `Venue` for a host for two seconds
 * (decision 003), so floor and schedule are read at most once per venue in that time, and a change to
 * them shows within the same two seconds. Bookings are never cached.
 */
const profiles = new WeakMap<Venue, Promise<BookingProfile>>();

/** The venue's floor and schedule (service_schedules rows) for the availability engine. */
export function loadBookingProfile(ctx: AppContext, venue: Venue): Promise<BookingProfile> {
  let profile = profiles.get(venue);
  if (!profile) {
    profile = readBookingProfile(ctx, venue);
    profiles.set(venue, profile);
    profile.catch(() => profiles.delete(venue));
  }
  return profile;
}

async function readBookingProfile(ctx: AppContext, venue: Venue): Promise<BookingProfile> {
  const [floor, schedule] = await Promise.all([loadFloor(ctx.db, venue.id), serviceSchedule(ctx, venue)]);
  const rules = venue.settings.bookingRules;
  const engine: AvailabilityVenue = {
    timeZone: venue.timeZone,
    serviceSchedule: schedule,
    disabledWeekdays: venue.settings.reservation_disabled_dow,
    closedDates: rules.closedDates.map((entry) => entry.date),
    stayRules: rules.stayRules,
    horizonDays: rules.bookingWindowDays,
    tables: floor.tables.map((table) => ({
      id: table.id,
      roomId: table.roomId,
      minPax: table.minPax,
      maxPax: table.maxPax,
      combinable: table.combinable,
      sortOrder: table.sortOrder,
      active: table.active,
    })),
    rooms: floor.rooms.map((room) => ({
      id: room.id,
      sortOrder: room.sortOrder,
      reservable: room.reservable,
    })),
    combinations: floor.combinations.map((combination) => ({
      id: combination.id,
      tableIds: combination.tableIds,
      minPax: combination.minPax,
      maxPax: combination.maxPax,
    })),
  };
  // The admin's largest party caps what the floor seats.
  const partyCap = rules.maxPartySize ?? Number.POSITIVE_INFINITY;
  const maxPaxByRoom = new Map<number, number>();
  for (const room of floor.rooms) {
    if (room.reservable) maxPaxByRoom.set(room.id, Math.min(partyCap, largestParty(engine, room.id)));
  }
  return {
    venue,
    engine,
    rooms: floor.rooms,
    maxPaxByRoom,
    maxPax: Math.max(0, ...maxPaxByRoom.values()),
  };
}

/** The date picker's limits and the largest party, as the form shows them. */
export function bookingWindow(profile: BookingProfile, now: Date): BookingWindow {
  const today = logicalDate(now, profile.venue.timeZone);
  const { first, last } = bookingHorizon(today, profile.engine.horizonDays);
  return {
    firstDate: first,
    lastDate: last,
    disabledWeekdays: [...(profile.engine.disabledWeekdays ?? [])],
    maxPax: profile.maxPax,
    holdSeconds: HOLD_SECONDS,
    timeZone: profile.venue.timeZone,
  };
}

/** 404 unless `roomId` is a room guests may book in this venue (another venue's room is unknown here). */
export function assertBookableRoom(profile: BookingProfile, roomId: number | undefined): void {
  if (roomId === undefined) return;
  if (!profile.maxPaxByRoom.has(roomId)) throw notFound();
}

/** Whether guests may book `date` online: within the window, not a closed weekday, not a holiday. */
export function isBookableDay(profile: BookingProfile, date: IsoDate, now: Date): boolean {
  const window = bookingWindow(profile, now);
  return (
    isBookableDate(date, window.firstDate, window.disabledWeekdays, profile.engine.horizonDays) &&
    !profile.engine.closedDates?.includes(date)
  );
}

/**
 * 400 with a clear message when the date is outside today .. the booking window, on a weekday closed to
 * online booking or on a closed date (holiday), or the party is larger than any table or combination of the venue (of the room) seats.
 */
export function assertBookable(
  profile: BookingProfile,
  request: { date: IsoDate; pax: number; roomId?: number },
  now: Date,
): void {
  if (!isBookableDay(profile, request.date, now)) {
    const window = bookingWindow(profile, now);
    throw new AppError(400, 'DATE_NOT_BOOKABLE', 'date_not_bookable', {
      params: { first: window.firstDate, last: window.lastDate },
      fields: [{ path: 'date', message: 'Not a bookable date' }],
      extra: { bookingWindow: window },
    });
  }
  assertPartyFits(profile, request);
}

/** 400 when the party is larger than any table or combination of the venue (of the room) seats. */
export function assertPartyFits(profile: BookingProfile, request: { pax: number; roomId?: number }): void {
  const maxPax =
    request.roomId === undefined ? profile.maxPax : (profile.maxPaxByRoom.get(request.roomId) ?? 0);
  if (request.pax > maxPax) {
    throw new AppError(400, 'PARTY_TOO_LARGE', 'party_too_large', {
      params: { maxPax },
      fields: [{ path: 'pax', message: `At most ${maxPax}` }],
      extra: { maxPax },
    });
  }
}

/** The bookings and holds that matter to service date `date` (or to a range of dates). */
export interface DayBookings {
  readonly bookings: ExistingBooking[];
  readonly holds: ExistingBooking[];
}

/** The instants whose bookings can affect service dates `from` .. `to`. */
export function bookingWindowRange(
  profile: BookingProfile,
  from: IsoDate,
  to: IsoDate = from,
): { from: Date; to: Date } {
  const start = serviceDayRange(from, profile.venue.timeZone).from;
  const end = serviceDayRange(to, profile.venue.timeZone).to;
  const margin = windowMarginMs(profile.engine);
  return { from: new Date(start.getTime() - margin), to: new Date(end.getTime() + margin) };
}

function toEngineBookings(
  live: readonly LiveTableBooking[],
  tableless: readonly ExistingBooking[],
): DayBookings {
  const perReservation = new Map<number, LiveTableBooking[]>();
  for (const booking of live) {
    const list = perReservation.get(booking.reservationId) ?? [];
    list.push(booking);
    perReservation.set(booking.reservationId, list);
  }
  const bookings: ExistingBooking[] = [...tableless];
  const holds: ExistingBooking[] = [];
  for (const [reservationId, list] of perReservation) {
    // One reservation's tables normally share one range; should they not, the widest range is kept.
    const startsAt = Math.min(...list.map((booking) => booking.startsAt.getTime()));
    const endsAt = Math.max(...list.map((booking) => booking.endsAt.getTime()));
    const held = list.filter((booking) => booking.status === 'held');
    const entry: ExistingBooking = {
      id: reservationId,
      tableIds: list.map((booking) => booking.tableId),
      startsAt: new Date(startsAt),
      endsAt: new Date(endsAt),
      pax: list[0]?.pax ?? 0,
      expiresAt:
        held.length === list.length
          ? new Date(Math.min(...held.map((booking) => booking.holdExpiresAt?.getTime() ?? 0)))
          : null,
    };
    (entry.expiresAt ? holds : bookings).push(entry);
  }
  return { bookings, holds };
}

/** Reads the bookings and live holds that can affect service dates `from` .. `to`. */
export async function loadDayBookings(
  db: Executor,
  profile: BookingProfile,
  from: IsoDate,
  to: IsoDate = from,
): Promise<DayBookings> {
  const range = bookingWindowRange(profile, from, to);
  // Sequential: inside a transaction both run on one connection.
  const live = await listLiveTableBookings(db, profile.venue.id, range.from, range.to);
  const active = await listActiveReservationsStarting(db, profile.venue.id, range.from, range.to);
  const withTables = new Set(live.map((booking) => booking.reservationId));
  // Reservations without a live table booking still count for pacing.
  const tableless = active
    .filter((row) => !withTables.has(Number(row.id)))
    .map((row) => ({
      id: Number(row.id),
      tableIds: [],
      startsAt: new Date(row.starts_at),
      endsAt: new Date(row.ends_at),
      pax: Number(row.pax),
    }));
  return toEngineBookings(live, tableless);
}

/** What one availability question asks. */
export interface SlotQuery {
  readonly date: IsoDate;
  readonly pax: number;
  readonly roomId?: number;
  /** Provisional reservations to leave out (the caller's own hold). */
  readonly ignoreReservationIds?: readonly number[];
}

/** The bookable times of a date for a party, against the given bookings. */
export function slotsFor(
  profile: BookingProfile,
  day: DayBookings,
  query: SlotQuery,
  now: Date,
): AvailableSlot[] {
  return findAvailability(profile.engine, {
    date: query.date,
    pax: query.pax,
    now,
    roomId: query.roomId ?? null,
    bookings: day.bookings,
    holds: day.holds,
    ignoreBookingIds: query.ignoreReservationIds,
  });
}

/** Fresh time slots (for checkavailability and for the 409 of a lost race). */
export async function freshSlots(
  ctx: AppContext,
  profile: BookingProfile,
  query: SlotQuery,
): Promise<AvailableSlot[]> {
  const now = ctx.clock.now();
  const day = await loadDayBookings(ctx.db, profile, query.date);
  return slotsFor(profile, day, query, now);
}

/** For the date picker: which dates of `from` .. `to` (within the horizon) have any time left. */
export async function availableDays(
  ctx: AppContext,
  profile: BookingProfile,
  query: {
    from: IsoDate;
    to: IsoDate;
    pax: number;
    roomId?: number;
    ignoreReservationIds?: readonly number[];
  },
): Promise<{ date: IsoDate; available: boolean }[]> {
  const now = ctx.clock.now();
  const window = bookingWindow(profile, now);
  const from = query.from < window.firstDate ? window.firstDate : query.from;
  const to = query.to > window.lastDate ? window.lastDate : query.to;
  if (from > to) return [];
  const day = await loadDayBookings(ctx.db, profile, from, to);
  const days: { date: IsoDate; available: boolean }[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (!isBookableDate(date, window.firstDate, window.disabledWeekdays, profile.engine.horizonDays))
      continue;
    days.push({ date, available: slotsFor(profile, day, { ...query, date }, now).length > 0 });
  }
  return days;
}

/** A time taken for a party: the slot as the engine offered it and the tables assigned. */
export interface TakenSlot {
  readonly slot: AvailableSlot;
  readonly tableIds: readonly number[];
  readonly startsAt: Date;
  readonly endsAt: Date;
  /** The day's holds the choice was made against. */
  readonly holds: readonly ExistingBooking[];
}

/**
 * Chooses the tables for `timeSlot` on fresh data inside the booking transaction: the slot must still be
 * offered (schedule, lead time, pacing), then `assignTable` picks the best table or combination for the
 * slot's whole stay. Null when the time is gone; the exclusion constraint still has the last word when
 * the tables are inserted.
 */
export async function chooseTables(
  tx: Executor,
  profile: BookingProfile,
  request: SlotQuery & { timeSlot: string },
  now: Date,
): Promise<TakenSlot | null> {
  const day = await loadDayBookings(tx, profile, request.date);
  const slot = slotsFor(profile, day, request, now).find(
    (candidate) =>
      candidate.timeSlot === request.timeSlot &&
      (request.roomId === undefined || candidate.roomId === request.roomId),
  );
  if (!slot) return null;
  const assignment = assignTable(profile.engine, {
    startsAt: slot.startsAt,
    pax: request.pax,
    durationMinutes: slot.duration,
    roomId: slot.roomId,
    bookings: day.bookings,
    holds: day.holds,
    now,
    ignoreBookingIds: request.ignoreReservationIds,
  });
  if (!assignment) return null;
  return {
    slot,
    tableIds: assignment.tableIds,
    startsAt: slot.startsAt,
    endsAt: new Date(slot.startsAt.getTime() + slot.duration * MINUTE_MS),
    holds: day.holds,
  };
}
