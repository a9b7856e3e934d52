import { TableBookingIndex, liveBookings, type ExistingBooking } from '../availability/bookings.ts';

/**
 * How long an open account is taken to keep its tables when staff seat someone now: until it is closed,
 * whatever its planned stay said. Twelve hours covers any service.
 */
export const OPEN_ACCOUNT_HORIZON_MS = 12 * 3600 * 1000;

/** Shortest stay staff may give a party on tables they chose themselves (a sit-in, a move). */
export const STAFF_SEATING_MINIMUM_MINUTES = 15;

/**
 * The bookings as the floor sees them now: an open account (seated, for payment) holds its tables from now
 * until it is closed, even before its booking's time (a party seated early) and past its planned end, so a
 * walk-in is never given a table where guests still sit.
 */
export function occupyOpenAccounts(
  bookings: readonly ExistingBooking[],
  openReservationIds: ReadonlySet<string | number>,
  now: Date,
): ExistingBooking[] {
  const until = now.getTime() + OPEN_ACCOUNT_HORIZON_MS;
  return bookings.map((booking) => {
    if (booking.id === undefined || !openReservationIds.has(booking.id)) return booking;
    const startsEarly = booking.startsAt.getTime() > now.getTime();
    const endsEarly = booking.endsAt.getTime() < until;
    if (!startsEarly && !endsEarly) return booking;
    return {
      ...booking,
      startsAt: startsEarly ? now : booking.startsAt,
      endsAt: endsEarly ? new Date(until) : booking.endsAt,
    };
  });
}

/** What {@link seatingMinutes} needs. */
export interface SeatingRequest {
  /** The tables the party would take (all of them). */
  readonly tableIds: readonly number[];
  /** Other reservations' bookings and live holds. */
  readonly bookings: readonly ExistingBooking[];
  /** When the stay starts (now, for a walk-in). */
  readonly startsAt: Date;
  /** The planned stay for the party. */
  readonly plannedMinutes: number;
  /** Shortest stay worth giving. Default {@link STAFF_SEATING_MINIMUM_MINUTES}. */
  readonly minimumMinutes?: number;
  /** Minutes kept clear around other bookings. Default 0: staff seat guests who are already here. */
  readonly bufferMinutes?: number;
  readonly now: Date;
  /** Bookings to leave out (the reservation being moved). */
  readonly ignoreBookingIds?: readonly (string | number)[];
}

/**
 * How many whole minutes the party may stay on `tableIds` from `startsAt`: the planned stay, or less when a
 * later booking of one of the tables comes first; null when a table is taken at `startsAt` or free for less
 * than the minimum. Pure: the database's exclusion constraint still has the last word when it is written.
 */
export function seatingMinutes(request: SeatingRequest): number | null {
  if (request.tableIds.length === 0 || !(request.plannedMinutes > 0)) return null;
  const start = request.startsAt.getTime();
  const bufferMs = (request.bufferMinutes ?? 0) * 60_000;
  const index = new TableBookingIndex(
    liveBookings([request.bookings], { now: request.now, ignoreBookingIds: request.ignoreBookingIds }),
  );
  let freeMs = request.plannedMinutes * 60_000;
  for (const tableId of request.tableIds) freeMs = Math.min(freeMs, index.freeFrom(tableId, start, bufferMs));
  const minutes = Math.floor(freeMs / 60_000);
  const minimum = Math.min(request.minimumMinutes ?? STAFF_SEATING_MINIMUM_MINUTES, request.plannedMinutes);
  return minutes >= minimum ? minutes : null;
}
