import type {
  CreatePhoneReservationRequest,
  CreateWalkInRequest,
  FloorEventPayload,
  FloorReservation,
  GetByDayResponse,
} from '@sobremesa/contracts';
import {
  MAX_PAX,
  STAFF_SEATING_MINIMUM_MINUTES,
  allowedActions,
  checkTransition,
  isOpenAccount,
  logicalDate,
  minimumStayMinutesFor,
  occupyOpenAccounts,
  normalizeBookingReference,
  paxProblem,
  relativeDayLabel,
  reservationStateOf,
  seatingMinutes,
  stayMinutesFor,
  tableStatusOf,
  type ExistingBooking,
  type IsoDate,
  type Locale,
  type ReservationAction,
  type ReservationState,
  type TableAssignment,
  walkInSeating,
  isTableShape,
  RESERVATION_STATUS_CODES,
  isDeactivatedCode,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Executor, Transaction } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { translate, type MessageKey } from '../../i18n/messages.ts';
import { floorWithRows } from '../config/config.service.ts';
import { mintToken } from '../guests/guests.service.ts';
import { unknownAllergenIds } from '../allergies/table-allergies.ts';
import { resolveAccountNotifications } from '../notifications/resolve-notifications.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import {
  addGuestToReservation,
  announceAvailability,
  bookReservationTables,
  changeReservation,
  checkInUrl,
  createReservationRow,
  floorBookings,
  guestVisits,
  isExclusionViolation,
  lastReleasedTables,
  loadBookingProfile,
  prepareStaffBooking,
  releaseReservationTables,
  reservationGuests,
  reservationsOfServiceDay,
  seatReservationTables,
  staffReservation,
  writeStaffBooking,
  type BookingProfile,
  type ReservationRow,
} from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { floorSnapshot, floorView, nextVersion, versionOf } from './floor-view.ts';
import {
  allergensOfGuests,
  hasPaymentsOrInvoices,
  insertAuditEntry,
  lockVenueSeating,
  moveAccountContents,
} from './floor.repository.ts';

const MINUTE_MS = 60_000;
/** An account QR keeps working this long after the reservation's planned end (or after it is shown). */
const ACCOUNT_QR_LIFETIME_AFTER_END_MS = 6 * 3600 * 1000;

// ---------------------------------------------------------------------------------------------------
// Who is acting (SEC-02)

/** Who acts, resolved and checked by the route's declared roles (decision 063). */
import type { FloorCaller } from '../../http/route-roles.ts';
export type { FloorCaller };

// ---------------------------------------------------------------------------------------------------
// Refusals

type ConflictReason = 'stale_version' | 'invalid_transition' | 'finished';

/**
 * The 409 of an action the reservation's state or version does not allow: a stable code, a localised
 * message (the spec's own for pax and reactivation), and the reservation's current state, version and
 * allowed actions so the screen can redraw the row.
 */
function stateConflict(action: ReservationAction, row: ReservationRow, reason: ConflictReason): AppError {
  const state = reservationStateOf(row);
  const extra = {
    reason: state === 'merged' && action === 'reactivate' ? 'merged' : reason,
    reservationId: row.id,
    state,
    version: versionOf(row),
    allowedActions: allowedActions(state),
  };
  if (reason === 'finished')
    return new AppError(409, 'RESERVATION_FINISHED', 'reservation_finished', { extra });
  let key: MessageKey = reason === 'stale_version' ? 'conflict' : 'reservation_state_conflict';
  if (action === 'updatePax') key = 'pax_update_failed';
  if (action === 'reactivate') {
    key =
      reason === 'stale_version'
        ? 'reactivate_failed'
        : state === 'merged'
          ? 'reactivate_merged'
          : 'reactivate_not_allowed';
  }
  return new AppError(409, 'CONFLICT', key, { extra });
}

/** The 409 of a table that cannot be had: taken by someone else, or none fits the party. */
function tableConflict(
  operation: 'walkIn' | 'updateTable' | 'reactivate',
  reason: 'table_taken' | 'no_table',
): AppError {
  const key: MessageKey =
    operation === 'walkIn'
      ? 'table_assign_failed'
      : operation === 'reactivate'
        ? 'reactivate_failed'
        : 'table_taken';
  return new AppError(409, 'SLOT_UNAVAILABLE', key, { extra: { reason } });
}

/** Thrown inside a seating transaction when no table can be had, to roll it back into a 409. */
class NoTable extends Error {
  constructor(readonly reason: 'table_taken' | 'no_table') {
    super(reason);
    this.name = 'NoTable';
  }
}

/** Whether a walk-in failed for want of a free table (the kiosk then calls staff instead). */
export function isNoTable(error: unknown): boolean {
  return error instanceof NoTable;
}

/** 400 with the spec's message for a negative party, another clear one for zero, fractions and huge ones. */
function assertPax(pax: number, locale: Locale): number {
  const problem = paxProblem(pax);
  if (problem === null) return pax;
  if (problem === 'negative') {
    throw new AppError(400, 'VALIDATION_FAILED', 'negative_number', {
      fields: [{ path: 'pax', message: translate('negative_number', locale) }],
    });
  }
  throw new AppError(400, 'VALIDATION_FAILED', 'pax_invalid', {
    params: { max: MAX_PAX },
    fields: [{ path: 'pax', message: translate('pax_invalid', locale, { max: MAX_PAX }) }],
  });
}

/** 404 unless every table is an active table of the venue (another venue's table is unknown here). */
function assertTables(profile: BookingProfile, tableIds: readonly number[]): void {
  for (const tableId of tableIds) {
    const table = profile.engine.tables.find((candidate) => candidate.id === tableId);
    if (!table || table.active === false) throw new AppError(404, 'NOT_FOUND', 'table_not_found');
  }
}

function roomOfTables(profile: BookingProfile, tableIds: readonly number[]): number | null {
  const first = tableIds[0];
  return profile.engine.tables.find((table) => table.id === first)?.roomId ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Events and audit

function eventPayload(view: FloorReservation, action: string, caller: FloorCaller): FloorEventPayload {
  return {
    reservationId: view.id,
    wid: view.wid,
    action,
    status: view.status,
    state: view.state,
    version: view.version,
    date: view.date,
    table: view.table,
    tableIds: view.tables.map((table) => table.table_id),
    pax: view.pax,
    menuAccessEnabled: view.menuAccessEnabled,
    by: 'staff',
    userId: caller.principal.userId,
  };
}

function auditSnapshot(view: FloorReservation) {
  return {
    status: view.status,
    state: view.state,
    pax: view.pax,
    table: view.table,
    menuAccessEnabled: view.menuAccessEnabled,
    finishedDateTime: view.finishedDateTime,
    mergedIntoId: view.mergedIntoId,
  };
}

const AUDIT_ACTIONS: Partial<Record<ReservationAction, string>> = {
  noShow: 'reservation.no_show',
  cancel: 'reservation.cancel',
  close: 'reservation.close',
  reactivate: 'reservation.reactivate',
  merge: 'reservation.merge',
};

async function audit(
  tx: Transaction,
  venue: Venue,
  caller: FloorCaller,
  action: string,
  before: FloorReservation,
  after: FloorReservation,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await insertAuditEntry(tx, {
    venueId: venue.id,
    actorUserId: caller.principal.userId,
    actorRole: caller.actor,
    action,
    entity: 'reservation',
    entityId: String(before.id),
    before: auditSnapshot(before),
    after: { ...auditSnapshot(after), roleId: caller.roleId, ...extra },
  });
}

// ---------------------------------------------------------------------------------------------------
// Reads

/**
 * getbyday: the service day (06:00 to 06:00) with every reservation as staff see it, its service events,
 * the spec's lists and the floor plan's table states at the server's time.
 */
export async function serviceDay(
  ctx: AppContext,
  venue: Venue,
  date: IsoDate | undefined,
): Promise<GetByDayResponse> {
  const now = ctx.clock.now();
  const today = logicalDate(now, venue.timeZone);
  const day = date ?? today;
  const profile = await loadBookingProfile(ctx, venue);
  const rows = await reservationsOfServiceDay(ctx.db, venue, day);
  const snapshot = await floorSnapshot(ctx.db, venue, profile, rows);
  const floor = await floorWithRows(ctx, venue);
  const roomNames = new Map(floor.rooms.map((room) => [room.room_id, room.name]));
  const lists: GetByDayResponse['lists'] = {
    toCome: [],
    seated: [],
    forPayment: [],
    absent: [],
    finished: [],
  };
  for (const view of snapshot.views) if (view.list) lists[view.list].push(view.id);
  return {
    result: 0,
    date: day,
    logicalDate: today,
    dayLabel: relativeDayLabel(day, today),
    serverTime: now.toISOString(),
    timeZone: venue.timeZone,
    reservations: snapshot.views,
    serviceEvents: snapshot.serviceEvents,
    lists,
    tables: floor.tableRows.map((row) => {
      const status = tableStatusOf(row.id, snapshot.facts, now);
      return {
        table_id: row.id,
        name: row.name,
        room: row.roomId,
        roomName: roomNames.get(row.roomId) ?? '',
        minPax: row.minPax,
        maxPax: row.maxPax,
        active: profile.engine.tables.find((candidate) => candidate.id === row.id)?.active !== false,
        ...status,
        layout: {
          shape: isTableShape(row.shape) ? row.shape : 'square',
          x: row.x,
          y: row.y,
          width: row.width,
          height: row.height,
          rotation: row.rotation,
        },
      };
    }),
    rooms: floor.rooms.map((room) => {
      const row = floor.roomRows.find((candidate) => candidate.id === room.room_id);
      const planned = row && row.planWidth !== null && row.planHeight !== null;
      return {
        id: room.room_id,
        name: room.name,
        plan: planned ? { width: row.planWidth!, height: row.planHeight! } : null,
      };
    }),
  };
}

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/**
 * search-account: the day's accounts whose name contains `q` (accents and case ignored), that sit at a table
 * named `q` (or `mesa q`), whose booking reference is `q` (as typed: any case, spaces or dashes), or whose
 * wid starts with `q` (4 characters or more) or id is `q`.
 */
export async function searchAccounts(
  ctx: AppContext,
  venue: Venue,
  input: { q: string; date?: IsoDate },
): Promise<FloorReservation[]> {
  const now = ctx.clock.now();
  const day = input.date ?? logicalDate(now, venue.timeZone);
  const profile = await loadBookingProfile(ctx, venue);
  const rows = await reservationsOfServiceDay(ctx.db, venue, day);
  const { views } = await floorSnapshot(ctx.db, venue, profile, rows);
  const q = normalise(input.q);
  const tableQuery = q.replace(/^mesa\s+/, '');
  const reference = normalizeBookingReference(input.q);
  return views.filter(
    (view) =>
      (reference !== null && view.reference === reference) ||
      normalise(view.name).includes(q) ||
      view.tables.some((table) => normalise(table.name) === tableQuery) ||
      (q.length >= 4 && view.wid.toLowerCase().startsWith(q)) ||
      String(view.id) === q,
  );
}

/** user-details: the reservation and the guests behind it (contact, language, allergens, earlier visits). */
export async function userDetails(ctx: AppContext, venue: Venue, ref: number | string) {
  const profile = await loadBookingProfile(ctx, venue);
  const row = await staffReservation(ctx.db, venue, ref);
  const reservation = await floorView(ctx.db, venue, profile, row);
  const guests = await reservationGuests(ctx.db, venue, [row.id]);
  const guestIds = guests.map((guest) => guest.id);
  const allergens = await allergensOfGuests(ctx.db, venue.id, guestIds);
  const visits = await guestVisits(ctx.db, venue, guestIds, row.startsAt);
  return {
    reservation,
    guests: guests.map((guest) => ({
      id: guest.id,
      name: guest.name,
      email: guest.email,
      phone: guest.phone,
      locale: guest.locale,
      isHost: guest.isHost,
      allergenIds: allergens.get(guest.id) ?? [],
      visits: visits.get(guest.id) ?? 0,
    })),
  };
}

/** review-qr: the venue's Google-review link (venueConfig.reviewGoogleMapsUrl), what the QR encodes. */
export function reviewQr(venue: Venue): { url: string } {
  const url = venue.settings.reviewGoogleMapsUrl.trim();
  if (!url) throw new AppError(404, 'NOT_FOUND', 'review_url_missing');
  return { url };
}

/**
 * account-qr: a fresh invitation capability (purpose `menu`, SEC-09: 256 random bits, only its hash
 * stored) for the reservation's account; a guest scanning `<origin>/menu?uid=<code>` joins the table's
 * account from their phone (the reservations module's join). Refused for ended reservations.
 */
export async function accountQr(
  ctx: AppContext,
  venue: Venue,
  input: { ref: number | string },
  origin: string,
) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await staffReservation(tx, venue, input.ref, { lock: true });
    const check = checkTransition(reservationStateOf(row), 'accountQr');
    if (!check.allowed)
      throw stateConflict('accountQr', row, check.reason === 'finished' ? 'finished' : 'invalid_transition');
    const expiresAt = new Date(
      Math.max(row.endsAt.getTime(), now.getTime()) + ACCOUNT_QR_LIFETIME_AFTER_END_MS,
    );
    const uid = await mintToken(tx, {
      venueId: venue.id,
      reservationId: row.id,
      guestId: null,
      purpose: 'menu',
      expiresAt,
    });
    return {
      reservationId: row.id,
      wid: row.wid,
      uid,
      url: checkInUrl(origin, uid),
      expiresAt: expiresAt.toISOString(),
    };
  });
}

// ---------------------------------------------------------------------------------------------------
// Actions on one reservation

interface ActionInput {
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
async function act(
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
  return act(
    ctx,
    venue,
    caller,
    input,
    'noShow',
    async (tx, row, _to, now) => {
      await releaseReservationTables(tx, venue, row.id, now);
      return { status: RESERVATION_STATUS_CODES.noShow };
    },
    { availabilityChanges: true },
  );
}

/** cancel: staff cancel a booking that has not arrived (-1); its tables are free at once. Audited. */
export function cancelReservation(ctx: AppContext, venue: Venue, caller: FloorCaller, input: ActionInput) {
  return act(
    ctx,
    venue,
    caller,
    input,
    'cancel',
    async (tx, row, _to, now) => {
      await releaseReservationTables(tx, venue, row.id, now);
      return { status: RESERVATION_STATUS_CODES.cancelled };
    },
    { topic: 'reservation.cancelled', availabilityChanges: true },
  );
}

/** close: the account is finished (-2, finish time set); its tables are free. Audited. */
export function closeReservation(ctx: AppContext, venue: Venue, caller: FloorCaller, input: ActionInput) {
  return act(
    ctx,
    venue,
    caller,
    input,
    'close',
    async (tx, row, _to, now) => {
      await releaseReservationTables(tx, venue, row.id, now);
      return { status: RESERVATION_STATUS_CODES.closed, finishedAt: now };
    },
    { availabilityChanges: true },
  );
}

/** The range a reservation takes its tables for when staff (re)seat or move it at `now`. */
function stayFrom(row: ReservationRow, open: boolean, now: Date): { startsAt: Date; endsAt: Date } {
  const minimumEnd = now.getTime() + STAFF_SEATING_MINIMUM_MINUTES * MINUTE_MS;
  if (open) return { startsAt: now, endsAt: new Date(Math.max(row.endsAt.getTime(), minimumEnd)) };
  const endsAt = new Date(Math.max(row.endsAt.getTime(), minimumEnd));
  const startsAt = row.startsAt.getTime() < endsAt.getTime() ? row.startsAt : now;
  return { startsAt, endsAt };
}

/**
 * Whether `tableIds` are free for [startsAt, endsAt) on the floor as it is now (other reservations'
 * bookings and live holds, open accounts keeping their tables until closed), ignoring `reservationId`.
 */
async function tablesFree(
  tx: Transaction,
  venue: Venue,
  profile: BookingProfile,
  request: { tableIds: readonly number[]; startsAt: Date; endsAt: Date; reservationId: number | null },
  now: Date,
): Promise<boolean> {
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
  return free !== null;
}

async function openAccountIds(db: Executor, venue: Venue, date: IsoDate): Promise<Set<number>> {
  const rows = await reservationsOfServiceDay(db, venue, date);
  return new Set(rows.filter(isOpenAccount).map((row) => row.id));
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
  try {
    return await act(
      ctx,
      venue,
      caller,
      input,
      'updateTable',
      async (tx, row, to, now) => {
        const open = to === 'seated' || to === 'for_payment';
        const stay = stayFrom(row, open, now);
        const free = await tablesFree(
          tx,
          venue,
          profile,
          { tableIds: input.tableIds, ...stay, reservationId: row.id },
          now,
        );
        if (!free) throw new NoTable('table_taken');
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
    );
  } catch (error) {
    if (error instanceof NoTable || isExclusionViolation(error))
      throw tableConflict('updateTable', 'table_taken');
    throw error;
  }
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
  try {
    return await act(
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
          const free = await tablesFree(
            tx,
            venue,
            profile,
            { tableIds, ...stay, reservationId: row.id },
            now,
          );
          if (!free) throw new NoTable('table_taken');
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
    );
  } catch (error) {
    if (error instanceof NoTable || isExclusionViolation(error))
      throw tableConflict('reactivate', 'table_taken');
    throw error;
  }
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

// ---------------------------------------------------------------------------------------------------
// Creations: walk-in (De Paso), sit-in (Sin Recibir), reservation by phone

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
function assignNow(
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
 * seating took the table (the route retries an automatic assignment).
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

/** Maps a walk-in's lost seating to its 409; anything else is rethrown. */
export function asWalkInConflict(error: unknown): unknown {
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
