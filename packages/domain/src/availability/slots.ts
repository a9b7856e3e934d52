import { logicalDate, type IsoDate } from '../service-day.ts';
import { TableBookingIndex, liveBookings, type ExistingBooking } from './bookings.ts';
import {
  DEFAULT_BUFFER_MINUTES,
  DEFAULT_MINIMUM_STAY_MINUTES,
  DEFAULT_MINIMUM_STAY_RATIO,
  DEFAULT_STAY_RULES,
  minimumStayMinutesFor,
  stayMinutesFor,
  type StayRule,
} from './durations.ts';
import { CoverIndex, type PacingLimit } from './pacing.ts';
import { serviceSlotsFor, type ServiceScheduleEntry } from './schedule.ts';
import { tableOptionsFor, type FloorPlan, type TableOption } from './table-assignment.ts';
import { BOOKING_HORIZON_DAYS, isBookableDate, type TimeOfDay } from './zoned-time.ts';

/** Default minimum notice: a guest may book a time that starts at least 15 minutes from now. */
export const DEFAULT_MINIMUM_LEAD_MINUTES = 15;

/** The spec's time slot (§3 "Time slot"), one per bookable time and room, as `checkavailability` returns it. */
export interface TimeSlot {
  /** Wall-clock start in the venue's zone, `HH:mm`. */
  readonly timeSlot: TimeOfDay;
  /** How many distinct table options (tables or combinations) of the room fit the party at that time. */
  readonly countAvailable: number;
  /** Minutes the party may stay: the planned stay, or less when a later booking cuts it. */
  readonly duration: number;
  /** True when `duration` is shorter than the planned stay for the party size. */
  readonly duration_limited: boolean;
  readonly roomId: number;
}

/** A time slot with what the server needs to book it. */
export interface AvailableSlot extends TimeSlot {
  /** The real instant of `timeSlot` on the service day (DST-correct). */
  readonly startsAt: Date;
  /** The service it belongs to (Comida, Cena). */
  readonly serviceName: string;
  /** The best table or combination of the room for it (see `assignTable`). */
  readonly tableIds: readonly number[];
}

/** The venue's booking rules; every field has a default. */
export interface AvailabilityPolicy {
  /** Stay by party size. Default {@link DEFAULT_STAY_RULES}. */
  readonly stayRules?: readonly StayRule[];
  /** Turnover minutes kept clear before and after every table booking. Default {@link DEFAULT_BUFFER_MINUTES}. */
  readonly bufferMinutes?: number;
  /** Shortest stay offered when a later booking cuts it, in minutes. Default {@link DEFAULT_MINIMUM_STAY_MINUTES}. */
  readonly minimumStayMinutes?: number;
  /** ... and as a share of the planned stay (the longer wins). Default {@link DEFAULT_MINIMUM_STAY_RATIO}. */
  readonly minimumStayRatio?: number;
  /** Times starting sooner than this many minutes from `now` are not offered. Default {@link DEFAULT_MINIMUM_LEAD_MINUTES}. */
  readonly minimumLeadMinutes?: number;
  /** Days ahead guests may book. Default {@link BOOKING_HORIZON_DAYS} (60). */
  readonly horizonDays?: number;
  /** Venue-wide pacing across services; each service may add its own `maxCoversPerSlot`. Default none. */
  readonly pacing?: PacingLimit | null;
}

/** The venue: its zone, schedule and floor, with its booking rules. */
export interface AvailabilityVenue extends FloorPlan, AvailabilityPolicy {
  /** IANA zone of the venue (Europe/Madrid). */
  readonly timeZone: string;
  readonly serviceSchedule: readonly ServiceScheduleEntry[];
  /** Weekdays closed to online booking, 1 = Monday .. 7 = Sunday (`reservation_disabled_dow`). */
  readonly disabledWeekdays?: readonly number[];
  /** Service dates closed to online booking (holidays). */
  readonly closedDates?: readonly IsoDate[];
}

/** One availability question: a service date and party size, against the current bookings. */
export interface AvailabilityQuery {
  /** The service date, `yyyy-MM-dd` (its after-midnight times belong to it). */
  readonly date: IsoDate;
  readonly pax: number;
  /** The current instant; `today` is its logical date in the venue's zone. */
  readonly now: Date;
  /** Only this room. */
  readonly roomId?: number | null;
  /** Also rooms with `reservable: false` (staff taking a booking). Default false. */
  readonly includeNonReservableRooms?: boolean;
  /** Reservations (their table bookings and pax). Only those near the date matter; more are fine. */
  readonly bookings: readonly ExistingBooking[];
  /** Live holds of guests completing the form. */
  readonly holds?: readonly ExistingBooking[];
  /** Bookings or holds to disregard by id (the asking guest's own hold). */
  readonly ignoreBookingIds?: readonly (string | number)[];
}

const MINUTE_MS = 60_000;

interface RoomBest {
  option: TableOption;
  stayMs: number;
  count: number;
}

/**
 * The bookable times of service date `query.date` for a party of `query.pax`, one per (time, room) where a
 * table or combination of that room fits, in time order and then room order.
 *
 * A time is offered when the date is bookable (from today, the logical date of `now`, up to the horizon,
 * not a disabled weekday nor a closed date), it starts at least the minimum lead after `now`, pacing leaves room for the party
 * (venue-wide and the service's own limit), and some option of the room is free from it for at least the
 * minimum stay, with the buffer clear of other bookings and live holds. Its `duration` is the planned stay
 * for the party size when any option allows it, otherwise the longest stay an option allows
 * (`duration_limited`). Times are wall-clock in the venue's zone but computed as real instants, so DST
 * nights neither invent nor repeat a time and stays are real minutes.
 * @throws RangeError when the venue's schedule has a malformed time or interval, or no stay rule applies to
 * the party size (configuration errors, to be refused when the settings are saved).
 */
export function findAvailability(venue: AvailabilityVenue, query: AvailabilityQuery): AvailableSlot[] {
  const { pax, now } = query;
  if (!Number.isInteger(pax) || pax < 1) return [];
  const today = logicalDate(now, venue.timeZone);
  const horizonDays = venue.horizonDays ?? BOOKING_HORIZON_DAYS;
  if (!isBookableDate(query.date, today, venue.disabledWeekdays ?? [], horizonDays)) return [];
  if (venue.closedDates?.includes(query.date)) return [];

  const options = tableOptionsFor(venue, pax, query);
  if (options.length === 0) return [];
  const slots = serviceSlotsFor(query.date, venue.serviceSchedule, venue.timeZone);
  if (slots.length === 0) return [];

  const plannedMs = stayMinutesFor(pax, venue.stayRules ?? DEFAULT_STAY_RULES) * MINUTE_MS;
  const minimumMs =
    minimumStayMinutesFor(
      plannedMs / MINUTE_MS,
      venue.minimumStayMinutes ?? DEFAULT_MINIMUM_STAY_MINUTES,
      venue.minimumStayRatio ?? DEFAULT_MINIMUM_STAY_RATIO,
    ) * MINUTE_MS;
  const bufferMs = (venue.bufferMinutes ?? DEFAULT_BUFFER_MINUTES) * MINUTE_MS;
  const earliest = now.getTime() + (venue.minimumLeadMinutes ?? DEFAULT_MINIMUM_LEAD_MINUTES) * MINUTE_MS;

  // Only bookings that can touch this day's stays matter: index them once, per table and by start.
  const first = (slots[0] as (typeof slots)[number]).startsAt.getTime();
  const last = (slots[slots.length - 1] as (typeof slots)[number]).startsAt.getTime();
  const pacingWindowMs = Math.max(
    venue.pacing ? venue.pacing.windowMinutes * MINUTE_MS : 0,
    ...slots.map((slot) => slot.slotIntervalMinutes * MINUTE_MS),
  );
  const margin = Math.max(plannedMs + bufferMs, pacingWindowMs);
  const live = liveBookings([query.bookings, query.holds], {
    now,
    ignoreBookingIds: query.ignoreBookingIds,
    from: first - margin,
    to: last + margin,
  });
  const tables = new TableBookingIndex(live);
  const covers = new CoverIndex(live);
  const tableIds = [...new Set(options.flatMap((option) => option.tableIds))];
  const roomOrder = new Map((venue.rooms ?? []).map((room) => [room.id, room.sortOrder ?? 0]));

  const result: AvailableSlot[] = [];
  for (const slot of slots) {
    const start = slot.startsAt.getTime();
    if (start < earliest) continue;
    if (venue.pacing && !covers.allows(start, pax, venue.pacing)) continue;
    if (
      slot.maxCoversPerSlot !== null &&
      !covers.allows(start, pax, {
        maxCovers: slot.maxCoversPerSlot,
        windowMinutes: slot.slotIntervalMinutes,
      })
    ) {
      continue;
    }
    const free = new Map<number, number>();
    for (const tableId of tableIds) free.set(tableId, tables.freeFrom(tableId, start, bufferMs));

    const perRoom = new Map<number, RoomBest>();
    for (const option of options) {
      let stayMs = plannedMs;
      for (const tableId of option.tableIds) stayMs = Math.min(stayMs, free.get(tableId) ?? 0);
      if (stayMs < minimumMs) continue;
      const best = perRoom.get(option.roomId);
      // Options come best first: a later one replaces the best only by allowing a longer stay.
      if (!best) perRoom.set(option.roomId, { option, stayMs, count: 1 });
      else {
        best.count += 1;
        if (stayMs > best.stayMs) {
          best.option = option;
          best.stayMs = stayMs;
        }
      }
    }
    const rooms = [...perRoom.values()].sort(
      (a, b) =>
        (roomOrder.get(a.option.roomId) ?? 0) - (roomOrder.get(b.option.roomId) ?? 0) ||
        a.option.roomId - b.option.roomId,
    );
    for (const { option, stayMs, count } of rooms) {
      const duration = Math.floor(stayMs / MINUTE_MS);
      result.push({
        timeSlot: slot.timeSlot,
        countAvailable: count,
        duration,
        duration_limited: stayMs < plannedMs,
        roomId: option.roomId,
        startsAt: slot.startsAt,
        serviceName: slot.serviceName,
        tableIds: option.tableIds,
      });
    }
  }
  return result;
}

/** Drops the server-side fields of an {@link AvailableSlot}, leaving the spec's {@link TimeSlot}. */
export function toTimeSlot(slot: AvailableSlot): TimeSlot {
  return {
    timeSlot: slot.timeSlot,
    countAvailable: slot.countAvailable,
    duration: slot.duration,
    duration_limited: slot.duration_limited,
    roomId: slot.roomId,
  };
}

/** The spec's time slots for `checkavailability`: {@link findAvailability} in the wire shape. */
export function availableTimeSlots(venue: AvailabilityVenue, query: AvailabilityQuery): TimeSlot[] {
  return findAvailability(venue, query).map(toTimeSlot);
}
