import type { ExistingBooking } from '../availability/bookings.ts';
import { DEFAULT_BUFFER_MINUTES, minimumStayMinutesFor, stayMinutesFor } from '../availability/durations.ts';
import { assignTable, type FloorPlan, type TableAssignment } from '../availability/table-assignment.ts';

const MINUTE_MS = 60_000;

/** A quoted wait is said in steps of this many minutes (nobody quotes "17 minutes"). */
export const WAIT_QUOTE_STEP_MINUTES = 5;

/**
 * A seated party past its planned end is expected to leave this many minutes from now: it is on its
 * coffee or its bill, and the quote must not say "now" for a table where guests still sit.
 */
export const OVERDUE_PARTY_MINUTES = 10;

/** What {@link walkInSeating} needs. */
export interface WalkInSeatingRequest {
  readonly pax: number;
  /** Only this room, when the host asked for one. */
  readonly roomId?: number | null;
  /** Every other reservation's bookings and live holds, as the floor sees them. */
  readonly bookings: readonly ExistingBooking[];
  /** When the party would sit down (now, for a walk-in). */
  readonly at: Date;
  readonly now: Date;
}

/**
 * The best table for a walk-in sitting down at `at`, and for how long: the planned stay with the turnover
 * buffer, else the shortest acceptable stay, else that stay without buffer (the party is here; a table
 * free a little short of the next booking beats sending it away). Staff may seat guests in rooms guests
 * cannot book. Null when nothing fits.
 */
export function walkInSeating(
  floor: FloorPlan,
  request: WalkInSeatingRequest,
): { assignment: TableAssignment; minutes: number } | null {
  if (!Number.isInteger(request.pax) || request.pax < 1) return null;
  const planned = stayMinutesFor(request.pax);
  const shortest = minimumStayMinutesFor(planned);
  const attempts = [
    { minutes: planned, buffer: DEFAULT_BUFFER_MINUTES },
    { minutes: shortest, buffer: DEFAULT_BUFFER_MINUTES },
    { minutes: shortest, buffer: 0 },
  ];
  for (const attempt of attempts) {
    const assignment = assignTable(floor, {
      startsAt: request.at,
      pax: request.pax,
      durationMinutes: attempt.minutes,
      roomId: request.roomId ?? null,
      includeNonReservableRooms: true,
      bookings: request.bookings,
      now: request.now,
      bufferMinutes: attempt.buffer,
    });
    if (assignment) return { assignment, minutes: attempt.minutes };
  }
  return null;
}

/** A party on the waitlist, as the quote needs it. */
export interface WaitingParty {
  readonly pax: number;
}

/** What {@link quoteWait} needs. */
export interface WaitQuoteRequest {
  /** The party to quote. */
  readonly pax: number;
  /**
   * The day's table bookings and live holds as planned: a seated party's booking ends when its stay
   * was planned to end (its expected end), a booked one holds its tables from its time.
   */
  readonly bookings: readonly ExistingBooking[];
  /** Reservations seated now (open accounts): their tables free only when they leave. */
  readonly openReservationIds: ReadonlySet<string | number>;
  /** The parties already waiting, first come first: each takes a table before this one. */
  readonly ahead: readonly WaitingParty[];
  readonly now: Date;
}

/**
 * The bookings as expected from now on: a seated party past its planned end is expected to leave
 * {@link OVERDUE_PARTY_MINUTES} from now.
 */
function expectedBookings(request: WaitQuoteRequest): ExistingBooking[] {
  const soon = request.now.getTime() + OVERDUE_PARTY_MINUTES * MINUTE_MS;
  return request.bookings.map((booking) =>
    booking.id !== undefined && request.openReservationIds.has(booking.id) && booking.endsAt.getTime() < soon
      ? { ...booking, endsAt: new Date(soon) }
      : booking,
  );
}

/** The earliest instant from now a party of `pax` can sit down, with its tables and stay, or null. */
function earliestSeating(
  floor: FloorPlan,
  pax: number,
  bookings: readonly ExistingBooking[],
  now: Date,
): { at: Date; assignment: TableAssignment } | null {
  // A table frees when its party leaves: only those instants can change the answer.
  const instants = new Set<number>([now.getTime()]);
  for (const booking of bookings) {
    const end = booking.endsAt.getTime();
    if (end > now.getTime()) instants.add(end);
  }
  for (const instant of [...instants].sort((a, b) => a - b)) {
    const at = new Date(instant);
    const seating = walkInSeating(floor, { pax, bookings, at, now });
    if (seating) return { at, assignment: seating.assignment };
  }
  return null;
}

/**
 * The wait to quote a walk-in of `pax` (issue 18 item 9), in minutes: 0 when a table fits now, else the
 * time until the first table that fits the party frees, rounded up to {@link WAIT_QUOTE_STEP_MINUTES} (a
 * quote is a promise: better to seat early than late). It plays the floor forward: seated parties leave at
 * their expected end, booked ones keep their tables, and each party waiting ahead takes the first table
 * that fits it, in order, for the planned stay of its size, before this one is placed; parties ahead that need other
 * tables (a group, when this is a couple) do not delay it. The same seating rule as a walk-in's
 * ({@link walkInSeating}), so "now" means the server would seat the party now. Null when no table or
 * combination of the venue ever seats the party.
 */
export function quoteWait(floor: FloorPlan, request: WaitQuoteRequest): number | null {
  if (!Number.isInteger(request.pax) || request.pax < 1) return null;
  const bookings = expectedBookings(request);
  for (const [index, party] of request.ahead.entries()) {
    const seating = earliestSeating(floor, party.pax, bookings, request.now);
    if (!seating) continue;
    bookings.push({
      id: `waiting:${index}`,
      tableIds: seating.assignment.tableIds,
      startsAt: seating.at,
      // The party stays as long as parties of its size do, whatever stay its table allowed.
      endsAt: new Date(seating.at.getTime() + stayMinutesFor(party.pax) * MINUTE_MS),
      pax: party.pax,
    });
  }
  const seating = earliestSeating(floor, request.pax, bookings, request.now);
  if (!seating) return null;
  const minutes = (seating.at.getTime() - request.now.getTime()) / MINUTE_MS;
  return Math.ceil(minutes / WAIT_QUOTE_STEP_MINUTES) * WAIT_QUOTE_STEP_MINUTES;
}
