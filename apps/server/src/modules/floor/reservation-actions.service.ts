// Staff actions on one reservation: enable, seat, ready, party size, notes, allergies, no-show, cancel, close.
import type { FloorReservation } from '@sobremesa/contracts';
import {
  checkTransition,
  logicalDate,
  occupyOpenAccounts,
  reservationStateOf,
  type Locale,
  type ReservationAction,
  type ReservationState,
  RESERVATION_STATUS_CODES,
  isDeactivatedCode,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { unknownAllergenIds } from '../allergies/allergies.service.ts';
import { resolveAccountNotifications } from '../notifications/notifications.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import {
  announceAvailability,
  bookReservationTables,
  changeReservation,
  floorBookings,
  loadBookingProfile,
  releaseReservationTables,
  seatReservationTables,
  staffReservation,
  type BookingProfile,
  type ReservationRow,
} from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { floorView, nextVersion, versionOf } from './floor-view.ts';
import { lockVenueSeating } from './floor.repository.ts';

import type { FloorCaller } from '../../http/route-roles.ts';
import { stateConflict, assertPax, roomOfTables } from './floor-refusals.ts';
import { eventPayload, AUDIT_ACTIONS, audit } from './floor-audit.ts';
import { openAccountIds } from './open-accounts.ts';
import { assignNow } from './walk-ins.service.ts';

const MINUTE_MS = 60_000;

export interface ActionInput {
  readonly ref: number | string;
  readonly expectedVersion?: number;
}

/** What an action writes: row changes, and optionally table work done inside the transaction. */
type ActionEffect = (
  tx: Transaction,
  row: ReservationRow,
  to: ReservationState,
  now: Date,
) => Promise<Partial<ReservationRow>>;

/**
 * Runs one action on one reservation in one transaction (decision 007): the row is locked, the
 * transition table decides (409 with a clear message otherwise), `expectedVersion` must match when given
 * (409 `stale_version`), the effect writes, the version moves on, an outbox event tells every staff screen
 * and the sensitive actions leave an audit row. Two tablets acting at once are serialised by the lock:
 * the second sees the first's result and is refused if it no longer applies.
 */
export async function act(
  ctx: AppContext,
  venue: Venue,
  caller: FloorCaller,
  input: ActionInput,
  action: ReservationAction,
  effect: ActionEffect,
  options: { topic?: 'reservation.updated' | 'reservation.cancelled'; availabilityChanges?: boolean } = {},
): Promise<FloorReservation> {
  const profile = await loadBookingProfile(ctx, venue);
  return ctx.db.transaction(async (tx) => {
    const row = await staffReservation(tx, venue, input.ref, { lock: true });
    const check = checkTransition(reservationStateOf(row), action);
    if (!check.allowed) {
      if (check.reason === 'not_found') throw notFound();
      throw stateConflict(action, row, check.reason);
    }
    if (input.expectedVersion !== undefined && input.expectedVersion !== versionOf(row)) {
      throw stateConflict(action, row, 'stale_version');
    }
    const now = ctx.clock.now();
    const auditAction = AUDIT_ACTIONS[action];
    const before = auditAction ? await floorView(tx, venue, profile, row) : undefined;
    const changes = await effect(tx, row, check.to, now);
    const updated = await changeReservation(tx, venue, row.id, {
      ...changes,
      updatedAt: nextVersion(row, now),
    });
    if (isDeactivatedCode(updated.status) && !isDeactivatedCode(row.status)) {
      // Closed, cancelled or absent: what the account asked staff for ends with it (issue 18).
      await resolveAccountNotifications(tx, venue.id, [row.id], 'account_closed', {
        userId: caller.principal.userId,
        at: now,
      });
    }
    const view = await floorView(tx, venue, profile, updated);
    await appendEvent(
      tx,
      venue.id,
      options.topic ?? 'reservation.updated',
      eventPayload(view, action, caller),
    );
    if (auditAction && before) await audit(tx, venue, caller, auditAction, before, view);
    if (options.availabilityChanges) await announceAvailability(tx, venue, view.date);
    return view;
  });
}

/** enable-reservation: the guests arrived and may order (menu access 1, seated; tables seated). */
export function enableReservation(ctx: AppContext, venue: Venue, caller: FloorCaller, input: ActionInput) {
  return act(ctx, venue, caller, input, 'seat', async (tx, row, _to, now) => {
    await seatReservationTables(tx, venue, row.id);
    return { menuAccessEnabled: true, seatedAt: row.seatedAt ?? now };
  });
}

/**
 * A guest checks in at the kiosk (issue 26) inside the caller's transaction: the booking becomes seated on
 * its tables, or on the best table free now when it has none. When no table can be given it stays as it
 * was (staff seat the party) and `seated` is false. A reservation already seated is left as it is.
 */
export async function seatArrival(
  tx: Transaction,
  ctx: AppContext,
  caller: FloorCaller,
  venue: Venue,
  profile: BookingProfile,
  locked: ReservationRow,
): Promise<{ view: FloorReservation; seated: boolean }> {
  const before = await floorView(tx, venue, profile, locked);
  if (!checkTransition(reservationStateOf(locked), 'seat').allowed) return { view: before, seated: true };
  const now = ctx.clock.now();
  const changes: Partial<ReservationRow> = { menuAccessEnabled: true, seatedAt: locked.seatedAt ?? now };
  if (before.tables.length > 0) {
    await seatReservationTables(tx, venue, locked.id);
  } else {
    const date = logicalDate(now, venue.timeZone);
    await lockVenueSeating(tx, venue.id);
    const day = await floorBookings(tx, profile, date, now);
    const open = await openAccountIds(tx, venue, date);
    const bookings = occupyOpenAccounts([...day.bookings, ...day.holds], open, now);
    const chosen = assignNow({ profile, pax: locked.pax, roomId: locked.roomId ?? undefined }, bookings, now);
    if (!chosen) return { view: before, seated: false };
    const endsAt = new Date(now.getTime() + chosen.minutes * MINUTE_MS);
    const tableIds = chosen.assignment.tableIds;
    await bookReservationTables(tx, venue, {
      reservationId: locked.id,
      tableIds,
      startsAt: now,
      endsAt,
      status: 'seated',
    });
    Object.assign(changes, { endsAt, roomId: roomOfTables(profile, tableIds) });
    await announceAvailability(tx, venue, date);
  }
  const updated = await changeReservation(tx, venue, locked.id, {
    ...changes,
    updatedAt: nextVersion(locked, now),
  });
  const view = await floorView(tx, venue, profile, updated);
  await appendEvent(tx, venue.id, 'reservation.updated', eventPayload(view, 'seat', caller));
  return { view, seated: true };
}

/** ready-to-order: the table wants to order (the waiter is called; the floor shows "ordering"). */
export function readyToOrder(ctx: AppContext, venue: Venue, caller: FloorCaller, input: ActionInput) {
  return act(ctx, venue, caller, input, 'readyToOrder', async (_tx, _row, _to, now) => ({
    readyToOrderAt: now,
  }));
}

/** updatepax: the party changed; negatives are 400 with the spec's message. */
export function updatePax(
  ctx: AppContext,
  venue: Venue,
  caller: FloorCaller,
  input: ActionInput & { pax: number },
  locale: Locale,
) {
  const pax = assertPax(input.pax, locale);
  return act(ctx, venue, caller, input, 'updatePax', async () => ({ pax }));
}

/** update-staff-comments: the internal comment, never shown to the guest (empty clears it). */
export function updateStaffComments(
  ctx: AppContext,
  venue: Venue,
  caller: FloorCaller,
  input: ActionInput & { staffComments: string | null },
) {
  const staffComments = input.staffComments?.trim() || null;
  return act(ctx, venue, caller, input, 'staffComments', async () => ({ staffComments }));
}

/**
 * update-allergies: the allergens and dietary note staff declare for the table (issue 18); unknown
 * allergen ids are 400. The same roles as the staff comment may write them.
 */
export async function updateAllergies(
  ctx: AppContext,
  venue: Venue,
  caller: FloorCaller,
  input: ActionInput & { allergenIds: readonly number[]; dietaryNotes: string | null },
) {
  const staffAllergenIds = [...new Set(input.allergenIds)].sort((a, b) => a - b);
  if ((await unknownAllergenIds(ctx.db, staffAllergenIds)).length > 0) {
    throw new AppError(400, 'VALIDATION_FAILED', 'validation_failed', {
      fields: [{ path: 'allergensId', message: 'Unknown allergen' }],
    });
  }
  const dietaryNotes = input.dietaryNotes?.trim() || null;
  return act(ctx, venue, caller, input, 'staffComments', async () => ({ staffAllergenIds, dietaryNotes }));
}

/** update-location-tag: one of the venue's reservationLocationTags (400 otherwise), or null to clear. */
export function updateLocationTag(
  ctx: AppContext,
  venue: Venue,
  caller: FloorCaller,
  input: ActionInput & { locationTag: string | null },
) {
  const locationTag = input.locationTag?.trim() || null;
  if (locationTag !== null && !venue.settings.reservationLocationTags.includes(locationTag)) {
    throw new AppError(400, 'VALIDATION_FAILED', 'location_tag_unknown', {
      fields: [{ path: 'locationTag', message: 'Not one of venueConfig.reservationLocationTags' }],
    });
  }
  return act(ctx, venue, caller, input, 'locationTag', async () => ({ locationTag }));
}

/** set-no-show: the guests did not come (-4); their tables are free at once. Audited. */
export function setNoShow(ctx: AppContext, venue: Venue, caller: FloorCaller, input: ActionInput) {
  return actFreeingTables(ctx, venue, caller, input, 'noShow', () => ({
    status: RESERVATION_STATUS_CODES.noShow,
  }));
}

/** cancel: staff cancel a booking that has not arrived (-1); its tables are free at once. Audited. */
export function cancelReservation(ctx: AppContext, venue: Venue, caller: FloorCaller, input: ActionInput) {
  return actFreeingTables(
    ctx,
    venue,
    caller,
    input,
    'cancel',
    () => ({ status: RESERVATION_STATUS_CODES.cancelled }),
    'reservation.cancelled',
  );
}

/** close: the account is finished (-2, finish time set); its tables are free. Audited. */
export function closeReservation(ctx: AppContext, venue: Venue, caller: FloorCaller, input: ActionInput) {
  return actFreeingTables(ctx, venue, caller, input, 'close', (now) => ({
    status: RESERVATION_STATUS_CODES.closed,
    finishedAt: now,
  }));
}

/** An action that ends the reservation's stay: its tables are released before `changes` are written. */
function actFreeingTables(
  ctx: AppContext,
  venue: Venue,
  caller: FloorCaller,
  input: ActionInput,
  action: 'noShow' | 'cancel' | 'close',
  changes: (now: Date) => Partial<ReservationRow>,
  topic: 'reservation.updated' | 'reservation.cancelled' = 'reservation.updated',
) {
  return act(
    ctx,
    venue,
    caller,
    input,
    action,
    async (tx, row, _to, now) => {
      await releaseReservationTables(tx, venue, row.id, now);
      return changes(now);
    },
    { topic, availabilityChanges: true },
  );
}
