// Table bookings as the copilot floor books, seats, releases and shows them (issue 5, decision 007);
// reservations owns table_bookings: other modules book, seat and release tables only through these.
import { type IsoDate } from '@sobremesa/domain';
import type { Executor, Transaction } from '../../db/database.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  bookingWindowRange,
  loadDayBookings,
  type BookingProfile,
  type DayBookings,
} from './availability.ts';
import { notifyAvailability } from './availability-events.ts';
import {
  displayedTablesAndRoomsRead,
  displayedTablesOf,
  insertTableBookings,
  lastReleasedBookingsOf,
  liveTablesOf,
  markBookingsSeated,
  releaseBookingsOf,
  releaseExpiredHolds,
  type DisplayedTable,
} from './table-bookings.repository.ts';

/** Releases every live table booking of a reservation (no-show, cancel, close, merge, move). */
export function releaseReservationTables(db: Executor, venue: Venue, reservationId: number, now: Date) {
  return releaseBookingsOf(db, venue.id, reservationId, now);
}

/**
 * Books `tableIds` for a reservation over [startsAt, endsAt), or holds them until `holdExpiresAt`. The
 * REL-01 exclusion constraint decides: a table taken meanwhile makes the insert fail with 23P01 (see
 * `isExclusionViolation`).
 */
export function bookReservationTables(
  db: Executor,
  venue: Venue,
  booking: {
    reservationId: number;
    tableIds: readonly number[];
    startsAt: Date;
    endsAt: Date;
    status: 'held' | 'confirmed' | 'seated';
    holdExpiresAt?: Date;
  },
) {
  return insertTableBookings(
    db,
    booking.tableIds.map((tableId) => ({
      venueId: venue.id,
      reservationId: booking.reservationId,
      tableId,
      during: { start: booking.startsAt, end: booking.endsAt },
      status: booking.status,
      holdExpiresAt: booking.holdExpiresAt ?? null,
    })),
  );
}

/** The guests are in: the reservation's confirmed table bookings become seated. */
export function seatReservationTables(db: Executor, venue: Venue, reservationId: number) {
  return markBookingsSeated(db, venue.id, reservationId);
}

/** The tables of reservations for screens: live ones, or the last ones a finished reservation had. */
export function displayedTables(
  db: Executor,
  venue: Venue,
  reservationIds: readonly number[],
): Promise<DisplayedTable[]> {
  return displayedTablesOf(db, venue.id, reservationIds);
}

/** The same tables and the venue's room names by id, read together (the kitchen's tickets name both). */
export function displayedTablesAndRooms(venue: Venue, reservationIds: readonly number[]) {
  return displayedTablesAndRoomsRead(venue.id, reservationIds);
}

/** The table bookings a reservation gave up last, to take them again on reactivation. */
export function lastReleasedTables(db: Executor, venue: Venue, reservationId: number) {
  return lastReleasedBookingsOf(db, venue.id, reservationId);
}

/**
 * The bookings and live holds that matter to service date `date`, read after releasing the lapsed holds
 * (the constraint cannot read the clock): what a staff seating is weighed against inside its transaction.
 */
export async function floorBookings(
  tx: Transaction,
  profile: BookingProfile,
  date: IsoDate,
  now: Date,
): Promise<DayBookings> {
  await releaseLapsedHolds(tx, profile, date, now);
  return loadDayBookings(tx, profile, date);
}

/** Tells open booking forms that the times of `date` changed (tables freed or taken by staff). */
export function announceAvailability(tx: Transaction, venue: Venue, date: IsoDate) {
  return notifyAvailability(tx, venue.id, date);
}

/** Releases lapsed holds that could collide with bookings of `date` (the constraint cannot read the clock). */
export async function releaseLapsedHolds(tx: Transaction, profile: BookingProfile, date: string, now: Date) {
  const range = bookingWindowRange(profile, date);
  await releaseExpiredHolds(tx, profile.venue.id, now, range.from, range.to);
}

/** The names of the tables each account holds now, by reservation id, in name order (a notification shows them). */
export async function liveTableNames(
  db: Executor,
  venueId: number,
  reservationIds: readonly number[],
): Promise<Map<number, string[]>> {
  const byId = new Map<number, string[]>();
  for (const table of await liveTablesOf(db, venueId, reservationIds))
    byId.set(table.reservationId, [...(byId.get(table.reservationId) ?? []), table.name]);
  for (const names of byId.values()) names.sort();
  return byId;
}
