// Reservation rows as the copilot floor reads and changes them (issue 5, decision 007). Floor orchestrates the
// staff actions (state rules, roles, audit, events); reservations owns the rows, so their SQL stays here.
import { serviceDayRange, type IsoDate, RESERVATION_STATUS_CODES } from '@sobremesa/domain';
import type { Executor } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import type { Venue } from '../venues/venues.service.ts';
import { addReservationGuest, guestsOf } from './reservation-guests.repository.ts';
import {
  findReservation,
  insertReservation,
  listReservationsStarting,
  lockReservation,
  updateReservationRow,
  visitCounts,
  type ReservationRow,
} from './reservations.repository.ts';
import { refOf } from './reservation-access.service.ts';

/**
 * A reservation of the venue as staff may act on it, by numeric id or `wid`: 404 when unknown, of another
 * venue, or a guest's hold (staff never see one). With `lock`, the row is locked for the transaction, so
 * two tablets acting on it at once are serialised and the second sees the first's result.
 */
export async function staffReservation(
  db: Executor,
  venue: Venue,
  ref: number | string,
  options: { lock?: boolean } = {},
): Promise<ReservationRow> {
  const found = await findReservation(db, venue.id, refOf(ref));
  if (!found || found.status === RESERVATION_STATUS_CODES.excluded) throw notFound();
  if (!options.lock) return found;
  const row = await lockReservation(db, venue.id, found.id);
  if (!row || row.status === RESERVATION_STATUS_CODES.excluded) throw notFound();
  return row;
}

/** The reservations of a service date (06:00 to 06:00 in the venue's zone), holds left out. */
export function reservationsOfServiceDay(
  db: Executor,
  venue: Venue,
  date: IsoDate,
): Promise<ReservationRow[]> {
  const range = serviceDayRange(date, venue.timeZone);
  return listReservationsStarting(db, venue.id, range.from, range.to);
}

/** Writes changes to a reservation row (the caller locked it and checked the state rules). */
export function changeReservation(
  db: Executor,
  venue: Venue,
  reservationId: number,
  changes: Partial<ReservationRow>,
): Promise<ReservationRow> {
  return updateReservationRow(db, venue.id, reservationId, changes);
}

/** Inserts a reservation row (a walk-in or sit-in account). */
export function createReservationRow(
  db: Executor,
  values: Parameters<typeof insertReservation>[1],
): Promise<ReservationRow> {
  return insertReservation(db, values);
}

/** The guests of reservations (host first) with their contact details. */
export function reservationGuests(db: Executor, venue: Venue, reservationIds: readonly number[]) {
  return guestsOf(db, venue.id, reservationIds);
}

/** Adds a guest to a reservation's account (merging accounts moves the companions). */
export function addGuestToReservation(
  db: Executor,
  venue: Venue,
  values: { reservationId: number; guestId: number; isHost: boolean },
) {
  return addReservationGuest(db, { venueId: venue.id, ...values });
}

/** How many earlier reservations each guest had at the venue. */
export function guestVisits(db: Executor, venue: Venue, guestIds: readonly number[], before: Date) {
  return visitCounts(db, venue.id, guestIds, before);
}
