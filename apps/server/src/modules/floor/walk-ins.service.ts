// Creations: walk-in (De Paso), sit-in (Sin Recibir) and a reservation by phone.
import type {
  CreatePhoneReservationRequest,
  CreateWalkInRequest,
  FloorReservation,
} from '@sobremesa/contracts';
import {
  logicalDate,
  minimumStayMinutesFor,
  occupyOpenAccounts,
  seatingMinutes,
  stayMinutesFor,
  type Locale,
  type TableAssignment,
  walkInSeating,
  RESERVATION_STATUS_CODES,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { translate } from '../../i18n/messages.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import {
  announceAvailability,
  bookReservationTables,
  createReservationRow,
  floorBookings,
  isExclusionViolation,
  loadBookingProfile,
  prepareStaffBooking,
  writeStaffBooking,
  type BookingProfile,
} from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { floorView } from './floor-view.ts';
import { lockVenueSeating } from './floor.repository.ts';

import type { FloorCaller } from '../../http/route-roles.ts';
import { tableConflict, NoTable, assertPax, assertTables, roomOfTables } from './floor-refusals.ts';
import { eventPayload } from './floor-audit.ts';
import { openAccountIds } from './open-accounts.ts';

const MINUTE_MS = 60_000;

/** A walk-in or sit-in checked and ready to write. */
export interface PreparedWalkIn {
  readonly venue: Venue;
  readonly profile: BookingProfile;
  readonly name: string;
  readonly pax: number;
  readonly sitIn: boolean;
  readonly tableIds: readonly number[] | undefined;
  readonly roomId: number | undefined;
  readonly staffComments: string | null;
}

/**
 * Checks a walk-in or sit-in before any write (spec §5): a name (without surnames), a whole positive
 * party ("Los números negativos no son válidos."), a sit-in's table (they are already sitting there),
 * tables and room of this venue (404).
 */
export async function prepareWalkIn(
  ctx: AppContext,
  venue: Venue,
  input: CreateWalkInRequest,
  locale: Locale,
): Promise<PreparedWalkIn> {
  const name = input.name.trim();
  if (!name) {
    throw new AppError(400, 'VALIDATION_FAILED', 'walk_in_name_required', {
      fields: [{ path: 'name', message: translate('walk_in_name_required', locale) }],
    });
  }
  const pax = assertPax(input.pax, locale);
  const sitIn = input.alreadySeated === true;
  if (sitIn && !input.tableIds) {
    throw new AppError(400, 'VALIDATION_FAILED', 'sit_in_table_required', {
      fields: [{ path: 'tableIds', message: translate('sit_in_table_required', locale) }],
    });
  }
  const profile = await loadBookingProfile(ctx, venue);
  if (input.roomId !== undefined && !profile.rooms.some((room) => room.id === input.roomId)) throw notFound();
  if (input.tableIds) assertTables(profile, input.tableIds);
  return {
    venue,
    profile,
    name,
    pax,
    sitIn,
    tableIds: input.tableIds,
    roomId: input.roomId,
    staffComments: input.staffComments?.trim() || null,
  };
}

/** The best table for a party arriving now (the domain's walk-in rule); open accounts keep their tables. */
export function assignNow(
  prepared: Pick<PreparedWalkIn, 'profile' | 'pax' | 'roomId'>,
  bookings: Parameters<typeof occupyOpenAccounts>[0],
  now: Date,
): { assignment: TableAssignment; minutes: number } | null {
  return walkInSeating(prepared.profile.engine, {
    pax: prepared.pax,
    roomId: prepared.roomId ?? null,
    bookings,
    at: now,
    now,
  });
}

/**
 * Writes a walk-in (De Paso) or sit-in (Sin Recibir) inside the caller's (idempotency) transaction: a
 * reservation seated now with menu access, on the tables staff chose or on the best table free now.
 * @throws NoTable (409 "No se ha podido asignar mesa.") or the exclusion violation when a concurrent
 * seating took the table (`seatRetrying` retries an automatic assignment).
 */
export async function writeWalkIn(
  tx: Transaction,
  ctx: AppContext,
  caller: FloorCaller,
  prepared: PreparedWalkIn,
): Promise<FloorReservation> {
  const { venue, profile } = prepared;
  const now = ctx.clock.now();
  const date = logicalDate(now, venue.timeZone);
  await lockVenueSeating(tx, venue.id);
  const day = await floorBookings(tx, profile, date, now);
  const open = await openAccountIds(tx, venue, date);
  const bookings = occupyOpenAccounts([...day.bookings, ...day.holds], open, now);
  let tableIds: readonly number[];
  let minutes: number;
  if (prepared.tableIds) {
    const planned = stayMinutesFor(prepared.pax);
    const free = seatingMinutes({
      tableIds: prepared.tableIds,
      bookings,
      startsAt: now,
      plannedMinutes: planned,
      minimumMinutes: minimumStayMinutesFor(planned),
      now,
    });
    if (free === null) throw new NoTable('table_taken');
    tableIds = prepared.tableIds;
    minutes = free;
  } else {
    const chosen = assignNow(prepared, bookings, now);
    if (!chosen) throw new NoTable('no_table');
    tableIds = chosen.assignment.tableIds;
    minutes = chosen.minutes;
  }
  const endsAt = new Date(now.getTime() + minutes * MINUTE_MS);
  const row = await createReservationRow(tx, {
    venueId: venue.id,
    status: RESERVATION_STATUS_CODES.active,
    startsAt: now,
    endsAt,
    seatedAt: now,
    menuAccessEnabled: true,
    name: prepared.name,
    pax: prepared.pax,
    roomId: roomOfTables(profile, tableIds),
    staffComments: prepared.staffComments,
    source: prepared.sitIn ? 'sit_in' : 'walk_in',
    createdByUserId: caller.principal.userId,
    updatedAt: now,
  });
  await bookReservationTables(tx, venue, {
    reservationId: row.id,
    tableIds,
    startsAt: now,
    endsAt,
    status: 'seated',
  });
  const view = await floorView(tx, venue, profile, row);
  await appendEvent(
    tx,
    venue.id,
    'reservation.created',
    eventPayload(view, prepared.sitIn ? 'sitIn' : 'walkIn', caller),
  );
  await announceAvailability(tx, venue, date);
  return view;
}

/** How often an automatic seating is retried when a concurrent seating took its table first. */
const SEAT_ATTEMPTS = 3;

/**
 * Runs a walk-in's seating (De Paso, or a party from the waitlist): when a concurrent seating took the table
 * this one chose, it chooses again on fresh data (tables staff picked are not chosen again); a lost
 * seating is the walk-in's 409.
 */
export async function seatRetrying<T>(prepared: PreparedWalkIn, seat: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await seat();
    } catch (error) {
      if (attempt < SEAT_ATTEMPTS && !prepared.tableIds && isExclusionViolation(error)) continue;
      throw asWalkInConflict(error);
    }
  }
}

/** Maps a walk-in's lost seating to its 409; anything else is rethrown. */
function asWalkInConflict(error: unknown): unknown {
  if (error instanceof NoTable) return tableConflict('walkIn', error.reason);
  if (isExclusionViolation(error)) return tableConflict('walkIn', 'table_taken');
  return error;
}

/** A phone reservation checked and ready to write. */
export interface PreparedPhoneReservation {
  readonly venue: Venue;
  readonly profile: BookingProfile;
  readonly input: Parameters<typeof writeStaffBooking>[4];
}

/** Checks a phone reservation: name, party (spec messages), email when given, date, room (decision 006 rules). */
export async function preparePhoneReservation(
  ctx: AppContext,
  venue: Venue,
  caller: FloorCaller,
  input: CreatePhoneReservationRequest,
  locale: Locale,
): Promise<PreparedPhoneReservation> {
  const name = input.name.trim();
  if (!name) {
    throw new AppError(400, 'VALIDATION_FAILED', 'guest_name_required', {
      fields: [{ path: 'name', message: translate('guest_name_required', locale) }],
    });
  }
  const pax = assertPax(input.pax, locale);
  const staffBooking = {
    date: input.date,
    timeSlot: input.timeSlot,
    pax,
    roomId: input.roomId,
    name,
    phone: input.phone,
    email: input.email,
    comments: input.comments,
    staffComments: input.staffComments,
    locale: input.locale,
    source: 'phone' as const,
    userId: caller.principal.userId,
  };
  const profile = await prepareStaffBooking(ctx, venue, staffBooking, locale);
  return { venue, profile, input: staffBooking };
}

/** Writes a phone reservation in the caller's (idempotency) transaction and tells staff screens. */
export async function writePhoneReservation(
  tx: Transaction,
  ctx: AppContext,
  caller: FloorCaller,
  prepared: PreparedPhoneReservation,
): Promise<FloorReservation> {
  const row = await writeStaffBooking(tx, ctx, prepared.venue, prepared.profile, prepared.input);
  const view = await floorView(tx, prepared.venue, prepared.profile, row);
  await appendEvent(tx, prepared.venue.id, 'reservation.created', eventPayload(view, 'phone', caller));
  return view;
}
