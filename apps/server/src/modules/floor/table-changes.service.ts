// A reservation's tables: the seating outlook, moving tables, reactivating and merging accounts.
import {
  STAFF_SEATING_MINIMUM_MINUTES,
  checkTransition,
  logicalDate,
  occupyOpenAccounts,
  reservationStateOf,
  seatingMinutes,
  type ExistingBooking,
  RESERVATION_STATUS_CODES,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { resolveAccountNotifications } from '../notifications/notifications.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import {
  addGuestToReservation,
  announceAvailability,
  bookReservationTables,
  changeReservation,
  floorBookings,
  isExclusionViolation,
  lastReleasedTables,
  loadBookingProfile,
  releaseReservationTables,
  reservationGuests,
  staffReservation,
  type BookingProfile,
  type ReservationRow,
} from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { floorView, nextVersion, versionOf } from './floor-view.ts';
import { openAccountIds } from './open-accounts.ts';
import { moveAccountContents } from '../kitchen/kitchen.service.ts';
import { hasPaymentsOrInvoices, lockVenueSeating } from './floor.repository.ts';

import type { FloorCaller } from '../../http/route-roles.ts';
import { stateConflict, tableConflict, NoTable, assertTables, roomOfTables } from './floor-refusals.ts';
import { eventPayload, audit } from './floor-audit.ts';
import { act, type ActionInput } from './reservation-actions.service.ts';

const MINUTE_MS = 60_000;

/** The range a reservation takes its tables for when staff (re)seat or move it at `now`. */
function stayFrom(row: ReservationRow, open: boolean, now: Date): { startsAt: Date; endsAt: Date } {
  const minimumEnd = now.getTime() + STAFF_SEATING_MINIMUM_MINUTES * MINUTE_MS;
  if (open) return { startsAt: now, endsAt: new Date(Math.max(row.endsAt.getTime(), minimumEnd)) };
  const endsAt = new Date(Math.max(row.endsAt.getTime(), minimumEnd));
  const startsAt = row.startsAt.getTime() < endsAt.getTime() ? row.startsAt : now;
  return { startsAt, endsAt };
}

/**
 * Throws NoTable unless `tableIds` are free for [startsAt, endsAt) on the floor as it is now (other
 * reservations' bookings and live holds, open accounts keeping their tables until closed), ignoring
 * `reservationId`.
 */
async function assertTablesFree(
  tx: Transaction,
  venue: Venue,
  profile: BookingProfile,
  request: { tableIds: readonly number[]; startsAt: Date; endsAt: Date; reservationId: number | null },
  now: Date,
): Promise<void> {
  const date = logicalDate(request.startsAt, venue.timeZone);
  const day = await floorBookings(tx, profile, date, now);
  const open = await openAccountIds(tx, venue, date);
  const bookings = occupyOpenAccounts([...day.bookings, ...day.holds], open, now);
  const minutes = Math.floor((request.endsAt.getTime() - request.startsAt.getTime()) / MINUTE_MS);
  const free = seatingMinutes({
    tableIds: request.tableIds,
    bookings,
    startsAt: request.startsAt,
    plannedMinutes: minutes,
    minimumMinutes: minutes,
    now,
    ignoreBookingIds: request.reservationId === null ? [] : [request.reservationId],
  });
  if (free === null) throw new NoTable('table_taken');
}

/**
 * Runs an action that takes tables: one found taken (NoTable), or taken meanwhile (the exclusion
 * constraint has the last word), is the action's 409.
 */
async function refusingTakenTables<T>(
  action: 'updateTable' | 'reactivate',
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof NoTable || isExclusionViolation(error)) throw tableConflict(action, 'table_taken');
    throw error;
  }
}

/**
 * The floor as it is expected to go from now, for the walk-in waitlist's quotes: the day's bookings and
 * live holds as planned (a seated party's ends at its planned end) and the open accounts. Read holding the
 * venue's seating lock, so quotes queue behind seatings and each other.
 */
export async function seatingOutlook(
  tx: Transaction,
  venue: Venue,
  profile: BookingProfile,
  now: Date,
): Promise<{ bookings: ExistingBooking[]; openReservationIds: Set<number> }> {
  const date = logicalDate(now, venue.timeZone);
  await lockVenueSeating(tx, venue.id);
  const day = await floorBookings(tx, profile, date, now);
  const openReservationIds = await openAccountIds(tx, venue, date);
  return { bookings: [...day.bookings, ...day.holds], openReservationIds };
}

/**
 * updatetable: moves the reservation to other table(s). An open account moves from now on (its old
 * tables are free at once); a booking keeps its time. The new tables must be free on the floor (open
 * accounts keep theirs) and the exclusion constraint has the last word: 409 when one is taken.
 */
export async function updateTable(
  ctx: AppContext,
  venue: Venue,
  caller: FloorCaller,
  input: ActionInput & { tableIds: readonly number[] },
) {
  const profile = await loadBookingProfile(ctx, venue);
  assertTables(profile, input.tableIds);
  return refusingTakenTables('updateTable', () =>
    act(
      ctx,
      venue,
      caller,
      input,
      'updateTable',
      async (tx, row, to, now) => {
        const open = to === 'seated' || to === 'for_payment';
        const stay = stayFrom(row, open, now);
        await assertTablesFree(
          tx,
          venue,
          profile,
          { tableIds: input.tableIds, ...stay, reservationId: row.id },
          now,
        );
        await releaseReservationTables(tx, venue, row.id, now);
        await bookReservationTables(tx, venue, {
          reservationId: row.id,
          tableIds: input.tableIds,
          ...stay,
          status: open ? 'seated' : 'confirmed',
        });
        return { roomId: roomOfTables(profile, input.tableIds), endsAt: stay.endsAt };
      },
      { availabilityChanges: true },
    ),
  );
}

/**
 * reactivate: a finished or deactivated reservation comes back (spec §4: negative statuses can be
 * reactivated): a no-show or a cancellation to booked, a closed account to seated. It takes again the
 * tables it gave up, if they are still free ("No se ha podido reactivar la cuenta." otherwise). A merged
 * account cannot come back: its orders live in the other account. Audited.
 */
export async function reactivateReservation(
  ctx: AppContext,
  venue: Venue,
  caller: FloorCaller,
  input: ActionInput,
) {
  const profile = await loadBookingProfile(ctx, venue);
  return refusingTakenTables('reactivate', () =>
    act(
      ctx,
      venue,
      caller,
      input,
      'reactivate',
      async (tx, row, to, now) => {
        const seated = to === 'seated';
        const released = await lastReleasedTables(tx, venue, row.id);
        const tableIds = [...new Set(released.map((booking) => booking.tableId))];
        const stay = stayFrom(row, seated, now);
        if (tableIds.length > 0) {
          await assertTablesFree(tx, venue, profile, { tableIds, ...stay, reservationId: row.id }, now);
          await bookReservationTables(tx, venue, {
            reservationId: row.id,
            tableIds,
            ...stay,
            status: seated ? 'seated' : 'confirmed',
          });
        }
        return seated
          ? {
              status: RESERVATION_STATUS_CODES.active,
              finishedAt: null,
              menuAccessEnabled: true,
              seatedAt: row.seatedAt ?? now,
              endsAt: stay.endsAt,
            }
          : {
              status: RESERVATION_STATUS_CODES.active,
              finishedAt: null,
              menuAccessEnabled: false,
              endsAt: stay.endsAt,
            };
      },
      { availabilityChanges: true },
    ),
  );
}

/**
 * merge: `source`'s account is merged into `target`'s in one transaction: both rows are locked in id order
 * (no deadlock when two tablets merge the same pair both ways), both must be open (booked, seated or for
 * payment), the source must have no payments or invoices; its lines, orders, service events and
 * companions move to the target, its pax are added, it is deactivated (-3, merged into the target, finish
 * time set) and its tables released. Audited; both accounts get an event.
 */
export async function mergeReservations(
  ctx: AppContext,
  venue: Venue,
  caller: FloorCaller,
  input: {
    source: number | string;
    target: number | string;
    expectedVersion?: number;
    targetExpectedVersion?: number;
  },
) {
  const profile = await loadBookingProfile(ctx, venue);
  return ctx.db.transaction(async (tx) => {
    const sourceFound = await staffReservation(tx, venue, input.source);
    const targetFound = await staffReservation(tx, venue, input.target);
    if (sourceFound.id === targetFound.id) {
      throw new AppError(400, 'VALIDATION_FAILED', 'merge_same_account', {
        fields: [{ path: 'targetReservationWid', message: 'Must be another reservation' }],
      });
    }
    const [first, second] =
      sourceFound.id < targetFound.id ? [sourceFound, targetFound] : [targetFound, sourceFound];
    const firstLocked = await staffReservation(tx, venue, first.id, { lock: true });
    const secondLocked = await staffReservation(tx, venue, second.id, { lock: true });
    const source = firstLocked.id === sourceFound.id ? firstLocked : secondLocked;
    const target = firstLocked.id === sourceFound.id ? secondLocked : firstLocked;
    for (const [row, action, expected] of [
      [source, 'merge', input.expectedVersion],
      [target, 'mergeInto', input.targetExpectedVersion],
    ] as const) {
      const check = checkTransition(reservationStateOf(row), action);
      if (!check.allowed) {
        if (check.reason === 'not_found') throw notFound();
        throw stateConflict(action, row, check.reason);
      }
      if (expected !== undefined && expected !== versionOf(row))
        throw stateConflict(action, row, 'stale_version');
    }
    if (await hasPaymentsOrInvoices(tx, venue.id, source.id)) {
      throw new AppError(409, 'CONFLICT', 'merge_has_payments', {
        extra: { reason: 'has_payments', reservationId: source.id },
      });
    }
    const now = ctx.clock.now();
    const beforeSource = await floorView(tx, venue, profile, source);
    await moveAccountContents(tx, venue.id, source.id, target.id);
    for (const guest of await reservationGuests(tx, venue, [source.id])) {
      await addGuestToReservation(tx, venue, { reservationId: target.id, guestId: guest.id, isHost: false });
    }
    await releaseReservationTables(tx, venue, source.id, now);
    await resolveAccountNotifications(tx, venue.id, [source.id], 'account_closed', {
      userId: caller.principal.userId,
      at: now,
    });
    const mergedRow = await changeReservation(tx, venue, source.id, {
      status: RESERVATION_STATUS_CODES.merged,
      mergedIntoId: target.id,
      finishedAt: now,
      updatedAt: nextVersion(source, now),
    });
    const targetRow = await changeReservation(tx, venue, target.id, {
      pax: target.pax + source.pax,
      updatedAt: nextVersion(target, now),
    });
    const merged = await floorView(tx, venue, profile, mergedRow);
    const reservation = await floorView(tx, venue, profile, targetRow);
    await appendEvent(tx, venue.id, 'reservation.updated', eventPayload(merged, 'merge', caller));
    await appendEvent(tx, venue.id, 'reservation.updated', eventPayload(reservation, 'mergeInto', caller));
    await audit(tx, venue, caller, 'reservation.merge', beforeSource, merged, {
      targetReservationId: target.id,
    });
    await announceAvailability(tx, venue, merged.date);
    return { reservation, merged };
  });
}
