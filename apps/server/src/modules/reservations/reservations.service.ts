import type {
  CheckAvailabilityRequest,
  HoldRequest,
  HoldResponse,
  RegisterReservationRequest,
  ReservationView,
  UpdateReservationRequest,
} from '@sobremesa/contracts';
import {
  isAccountClosed,
  holdMayBlockTables,
  instantToTimeOfDay,
  isValidEmail,
  logicalDate,
  serviceDayRange,
  serviceDayTimeToInstant,
  toTimeSlot,
  type IsoDate,
  type Locale,
  RESERVATION_STATUS_CODES,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Executor, Transaction } from '../../db/database.ts';
import { AppError, notFound, unauthenticated } from '../../http/app-error.ts';
import { translate } from '../../i18n/messages.ts';
import {
  expiredLink,
  findCapability,
  guestByEmail,
  guestById,
  invalidLink,
  mintGuestLink,
  mintToken,
  requireCapability,
  revokeGuestAccess,
  revokeTokens,
  rotateGuestLink,
  saveBookingGuest,
  saveCompanion,
  updateGuestContact,
  type MintedCapability,
} from '../guests/guests.service.ts';
import { rateLimited } from '../rate-limit/rate-limit.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  HOLD_SECONDS,
  assertBookable,
  assertBookableRoom,
  assertPartyFits,
  availableDays,
  bookingWindow,
  bookingWindowRange,
  chooseTables,
  freshSlots,
  isBookableDay,
  loadBookingProfile,
  loadDayBookings,
  type BookingProfile,
  type DayBookings,
} from './availability.ts';
import { notifyAvailability } from './availability-events.ts';
import { guestMayChange } from './reservation-status.ts';
import { reservationView, reservationViews, type Viewer } from './reservation-view.ts';
import {
  addReservationGuest,
  confirmHeldBookings,
  deleteAbandonedHolds,
  displayedTablesOf,
  findReservation,
  guestsOf,
  insertReservation,
  insertTableBookings,
  lastReleasedBookingsOf,
  listReservationsStarting,
  liveHoldExpiriesOf,
  lockHoldScope,
  lockReservation,
  markBookingsSeated,
  releaseBookingsOf,
  releaseExpiredHolds,
  removeReservationGuest,
  upcomingReservationsOfGuest,
  updateReservationRow,
  visitCounts,
  type DisplayedTable,
  type ReservationRow,
} from './reservations.repository.ts';

export { loadBookingProfile } from './availability.ts';
export type { BookingProfile, DayBookings } from './availability.ts';
export { checkInUrl } from './reservation-view.ts';
export type { DisplayedTable, ReservationRow } from './reservations.repository.ts';
/** The kiosk finds a booking by the reference a guest types (decision 029). */
export { reservationIdByReference } from './reservations.repository.ts';

const DAY_MS = 24 * 3600 * 1000;
/** A guest link works until 30 days after the reservation ends (to see it, or join a review). */
const LINK_LIFETIME_AFTER_END_MS = 30 * DAY_MS;

/** Thrown inside a booking transaction when the wanted time is gone, to roll it back into a 409. */
export class SlotGone extends Error {
  constructor() {
    super('slot gone');
    this.name = 'SlotGone';
  }
}

/** Whether an error (wrapped by drizzle) is the REL-01 exclusion constraint refusing a booking. */
export function isExclusionViolation(error: unknown): boolean {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    if ((current as { code?: unknown }).code === '23P01') return true;
  }
  return false;
}

/**
 * The precise 409 of a lost race (decision 006): a clear message and the date's fresh time slots, read
 * after the losing transaction rolled back, so the form can offer what is really left.
 */
export async function slotUnavailable(
  ctx: AppContext,
  profile: BookingProfile,
  query: { date: string; pax: number; roomId?: number; ignoreReservationIds?: readonly number[] },
): Promise<AppError> {
  const slots = await freshSlots(ctx, profile, query);
  return new AppError(409, 'SLOT_UNAVAILABLE', 'slot_unavailable', {
    extra: { date: query.date, pax: query.pax, timeSlots: slots.map(toTimeSlot) },
  });
}

/** Maps the two ways a booking transaction loses a race to the 409; anything else is rethrown. */
export async function asSlotUnavailable(
  ctx: AppContext,
  profile: BookingProfile,
  query: { date: string; pax: number; roomId?: number },
  error: unknown,
): Promise<unknown> {
  if (error instanceof SlotGone || isExclusionViolation(error)) return slotUnavailable(ctx, profile, query);
  return error;
}

/** The service date of a reservation (06:00 boundary in the venue's zone). */
function serviceDateOf(venue: Venue, startsAt: Date): string {
  return logicalDate(startsAt, venue.timeZone);
}

function linkExpiry(endsAt: Date): Date {
  return new Date(endsAt.getTime() + LINK_LIFETIME_AFTER_END_MS);
}

function slotInstant(venue: Venue, date: string, timeSlot: string): Date | null {
  return serviceDayTimeToInstant(date, timeSlot, venue.timeZone);
}

// ---------------------------------------------------------------------------------------------------
// Availability

/** checkavailability: the spec's time slots of a date, and optionally which dates have any left. */
export async function checkAvailability(ctx: AppContext, venue: Venue, input: CheckAvailabilityRequest) {
  const now = ctx.clock.now();
  const profile = await loadBookingProfile(ctx, venue);
  assertBookableRoom(profile, input.roomId);
  if (input.dateFrom !== undefined && input.dateFrom > input.date) {
    throw new AppError(400, 'VALIDATION_FAILED', 'validation_failed', {
      fields: [{ path: 'dateFrom', message: 'dateFrom must not be after date' }],
    });
  }
  // With `dateFrom` the date picker asks for a range, whose last day (the window's end) may well be a
  // closed weekday or a holiday: the range is answered, and that day simply has no times.
  const range = input.dateFrom !== undefined;
  if (range) assertPartyFits(profile, input);
  else assertBookable(profile, input, now);
  const ignoreReservationIds = await ownHold(ctx, venue, input.holdToken, now);
  const query = { date: input.date, pax: input.pax, roomId: input.roomId, ignoreReservationIds };
  const slots =
    !range || isBookableDay(profile, input.date, now) ? await freshSlots(ctx, profile, query) : [];
  const days =
    input.dateFrom === undefined
      ? undefined
      : await availableDays(ctx, profile, { ...query, from: input.dateFrom, to: input.date });
  return {
    result: 0 as const,
    date: input.date,
    pax: input.pax,
    timeSlots: slots.map(toTimeSlot),
    ...(days ? { days } : {}),
  };
}

/** The provisional reservation of a live hold token, to leave out of the holder's own view. */
async function ownHold(ctx: AppContext, venue: Venue, holdToken: string | undefined, now: Date) {
  if (!holdToken) return [];
  // Availability is public: a stale or foreign hold token just leaves nothing out.
  const found = await findCapability(ctx.db, venue.id, holdToken, now);
  if (
    !found ||
    found.state !== 'valid' ||
    found.row.purpose !== 'reservation' ||
    found.row.reservationId === null
  ) {
    return [];
  }
  return [found.row.reservationId];
}

/** availablerooms: the rooms guests may book, or those with a table left for date, pax (and time). */
export async function availableRooms(
  ctx: AppContext,
  venue: Venue,
  input: { date?: string; pax?: number; timeSlot?: string },
) {
  const now = ctx.clock.now();
  const profile = await loadBookingProfile(ctx, venue);
  let roomIds = [...profile.maxPaxByRoom.entries()].filter(([, maxPax]) => maxPax > 0).map(([id]) => id);
  if (input.date !== undefined && input.pax !== undefined) {
    assertBookable(profile, { date: input.date, pax: input.pax }, now);
    const slots = await freshSlots(ctx, profile, { date: input.date, pax: input.pax });
    const open = new Set(
      slots
        .filter((slot) => input.timeSlot === undefined || slot.timeSlot === input.timeSlot)
        .map((s) => s.roomId),
    );
    roomIds = roomIds.filter((id) => open.has(id));
  }
  return {
    result: 0 as const,
    rooms: profile.rooms
      .filter((room) => roomIds.includes(room.id))
      .map((room) => ({ room_id: room.id, name: room.name, maxPax: profile.maxPaxByRoom.get(room.id) ?? 0 })),
    bookingWindow: bookingWindow(profile, now),
  };
}

// ---------------------------------------------------------------------------------------------------
// Holds

/** Live holds one guest network (address, or IPv6 /64) may keep at once in a venue (issue 17 item 6). */
export const HOLDS_PER_HOLDER = 2;

/**
 * Holds the chosen time for the guest (decision 006): a provisional reservation (status 10, not shown to
 * staff lists) with a `held` table booking that expires after {@link HOLD_SECONDS}. The booking takes
 * part in the exclusion constraint, so two guests can never hold one table; it is converted by
 * `register`, given up by `releasehold` or a new hold, or released by the next booking transaction
 * that meets it after it lapsed.
 *
 * A guest's hold (`holder`: their network; staff holds have none) is bounded (decision 024): at most
 * {@link HOLDS_PER_HOLDER} live holds per holder (429 until the soonest lapses), and holds together keep at
 * most half of the tables guests can book in any stay — past that the hold is granted without keeping a
 * table, and the booking takes whatever table is free when the guest confirms.
 */
export async function holdTime(
  ctx: AppContext,
  venue: Venue,
  input: HoldRequest,
  holder?: string,
): Promise<HoldResponse> {
  const now = ctx.clock.now();
  const profile = await loadBookingProfile(ctx, venue);
  assertBookableRoom(profile, input.roomId);
  assertBookable(profile, input, now);
  const startsAtWanted = slotInstant(venue, input.date, input.timeSlot);
  if (!startsAtWanted) throw await slotUnavailable(ctx, profile, input);
  try {
    return await ctx.db.transaction(async (tx) => {
      if (input.holdToken) await giveUpHold(tx, venue, input.holdToken, now, { mustBeLive: false });
      if (holder) {
        // Always in this order (holder, then day), so two holds never wait on each other crosswise.
        await assertHolderMayHold(tx, venue.id, holder, now);
        await lockHoldScope(tx, `${venue.id}:day:${input.date}`);
      }
      await deleteAbandonedHolds(tx, venue.id, new Date(now.getTime() - DAY_MS));
      await releaseLapsedHolds(tx, profile, input.date, now);
      const taken = await chooseTables(tx, profile, input, now);
      if (!taken) throw new SlotGone();
      const expiresAt = new Date(now.getTime() + HOLD_SECONDS * 1000);
      const reservation = await insertReservation(tx, {
        venueId: venue.id,
        status: RESERVATION_STATUS_CODES.excluded,
        startsAt: taken.startsAt,
        endsAt: taken.endsAt,
        name: '',
        pax: input.pax,
        roomId: taken.slot.roomId,
        source: input.source ?? 'web',
        heldBy: holder ?? null,
      });
      const keepsTables =
        !holder ||
        holdMayBlockTables(
          profile.engine,
          taken.holds,
          { startsAt: taken.startsAt, endsAt: taken.endsAt, tableIds: taken.tableIds },
          now,
        );
      if (keepsTables) {
        await bookReservationTables(tx, venue, {
          ...taken,
          reservationId: reservation.id,
          status: 'held',
          holdExpiresAt: expiresAt,
        });
      }
      const holdToken = await mintToken(tx, {
        venueId: venue.id,
        reservationId: reservation.id,
        guestId: null,
        purpose: 'reservation',
        expiresAt,
      });
      await notifyAvailability(tx, venue.id, input.date, expiresAt);
      return {
        result: 0 as const,
        holdToken,
        expiresAt: expiresAt.toISOString(),
        holdSeconds: HOLD_SECONDS,
        date: input.date,
        timeSlot: taken.slot.timeSlot,
        pax: input.pax,
        roomId: taken.slot.roomId,
        duration: taken.slot.duration,
        duration_limited: taken.slot.duration_limited,
      };
    });
  } catch (error) {
    throw await asSlotUnavailable(ctx, profile, input, error);
  }
}

/** 429 when the holder already keeps {@link HOLDS_PER_HOLDER} live holds, until the soonest lapses. */
async function assertHolderMayHold(tx: Transaction, venueId: number, holder: string, now: Date) {
  await lockHoldScope(tx, `${venueId}:holder:${holder}`);
  const expiries = await liveHoldExpiriesOf(tx, venueId, holder, now);
  if (expiries.length < HOLDS_PER_HOLDER) return;
  const soonest = expiries[0]!;
  throw rateLimited(Math.max(1, Math.ceil((soonest.getTime() - now.getTime()) / 1000)));
}

/**
 * Frees a hold by its token inside `tx`: 401 when the token is not a hold of this venue, 410 when it was
 * already used or given up. Returns the provisional reservation, or undefined when it had lapsed.
 */
async function giveUpHold(
  tx: Transaction,
  venue: Venue,
  holdToken: string,
  now: Date,
  options: { mustBeLive: boolean },
): Promise<ReservationRow | undefined> {
  const found = await findCapability(tx, venue.id, holdToken, now);
  if (!found || found.row.purpose !== 'reservation' || found.row.reservationId === null) throw invalidLink();
  if (found.state === 'revoked') throw expiredLink();
  const held = await lockReservation(tx, venue.id, found.row.reservationId);
  // A booked reservation's guest link is not a hold token.
  if (!held || held.status !== RESERVATION_STATUS_CODES.excluded) throw invalidLink();
  if (options.mustBeLive && found.state === 'expired') throw expiredLink();
  await releaseBookingsOf(tx, venue.id, held.id, now);
  await revokeTokens(tx, venue.id, [holdToken], now);
  await notifyAvailability(tx, venue.id, serviceDateOf(venue, held.startsAt));
  return held;
}

/** releasehold: the guest gave up the time; it is free for others at once. */
export async function releaseHold(ctx: AppContext, venue: Venue, holdToken: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await giveUpHold(tx, venue, holdToken, now, { mustBeLive: false });
  });
}

/** Releases lapsed holds that could collide with bookings of `date` (the constraint cannot read the clock). */
async function releaseLapsedHolds(tx: Transaction, profile: BookingProfile, date: string, now: Date) {
  const range = bookingWindowRange(profile, date);
  await releaseExpiredHolds(tx, profile.venue.id, now, range.from, range.to);
}

// ---------------------------------------------------------------------------------------------------
// Register

/** A registration checked and ready to write. */
export interface PreparedRegistration {
  readonly venue: Venue;
  readonly profile: BookingProfile;
  readonly input: RegisterReservationRequest;
  readonly name: string;
  readonly email: string;
  readonly locale: Locale;
  readonly startsAt: Date;
}

/**
 * Validates a booking before any write: name ("Por favor, introduce tu nombre"), email (spec §5), consent,
 * date and party (400s), room (404). Field messages are in the guest's language.
 */
export async function prepareRegistration(
  ctx: AppContext,
  venue: Venue,
  input: RegisterReservationRequest,
  locale: Locale,
): Promise<PreparedRegistration> {
  const name = input.name?.trim() ?? '';
  const email = input.email?.trim() ?? '';
  const fields: { path: string; message: string }[] = [];
  let messageKey: 'guest_name_required' | 'guest_email_invalid' | 'guest_consent_required' | undefined;
  if (!name) {
    fields.push({ path: 'name', message: translate('guest_name_required', locale) });
    messageKey ??= 'guest_name_required';
  }
  if (!isValidEmail(email)) {
    fields.push({ path: 'email', message: translate('guest_email_invalid', locale) });
    messageKey ??= 'guest_email_invalid';
  }
  if (input.consent !== true) {
    fields.push({ path: 'consent', message: translate('guest_consent_required', locale) });
    messageKey ??= 'guest_consent_required';
  }
  if (messageKey) throw new AppError(400, 'VALIDATION_FAILED', messageKey, { fields });

  const now = ctx.clock.now();
  const profile = await loadBookingProfile(ctx, venue);
  assertBookableRoom(profile, input.roomId);
  assertBookable(profile, input, now);
  const startsAt = slotInstant(venue, input.date, input.timeSlot);
  if (!startsAt) throw await slotUnavailable(ctx, profile, input);
  return { venue, profile, input, name, email, locale, startsAt };
}

/** What a registration wrote: the reply to store (no capability in it) and the guest link minted. */
export interface WrittenRegistration {
  readonly body: { result: 0; reservation: ReservationView };
  readonly minted: MintedCapability;
  readonly reservation: ReservationRow;
}

/**
 * Writes a booking inside the caller's transaction (the idempotency transaction): converts the guest's
 * live hold when it is for the same time and party, otherwise assigns a table on fresh data; creates or
 * finds the guest, mints the guest link, tells staff screens (`reservation.created`) and open forms.
 * @throws SlotGone when the time is no longer available; the exclusion violation (23P01) when another
 * transaction took the table meanwhile. Both roll back and become a 409 with fresh slots.
 */
export async function writeRegistration(
  tx: Transaction,
  ctx: AppContext,
  prepared: PreparedRegistration,
): Promise<WrittenRegistration> {
  const { venue, profile, input } = prepared;
  const now = ctx.clock.now();
  await releaseLapsedHolds(tx, profile, input.date, now);

  let reservationId: number | undefined;
  if (input.holdToken) {
    const found = await findCapability(tx, venue.id, input.holdToken, now);
    if (!found || found.row.purpose !== 'reservation' || found.row.reservationId === null)
      throw invalidLink();
    // Used already (a second click without an Idempotency-Key): never book twice from one hold.
    if (found.state === 'revoked') throw expiredLink();
    const held = await lockReservation(tx, venue.id, found.row.reservationId);
    // A booked reservation's guest link is not a hold token.
    if (!held || held.status !== RESERVATION_STATUS_CODES.excluded) throw invalidLink();
    const sameBooking =
      held.startsAt.getTime() === prepared.startsAt.getTime() &&
      held.pax === input.pax &&
      (input.roomId === undefined || held.roomId === input.roomId);
    if (sameBooking && found.state === 'valid') {
      const confirmed = await confirmHeldBookings(tx, venue.id, held.id, now);
      if (confirmed.length > 0) reservationId = held.id;
    }
    if (reservationId === undefined) await releaseBookingsOf(tx, venue.id, held.id, now);
    await revokeTokens(tx, venue.id, [input.holdToken], now);
  }

  const guestId = await saveBookingGuest(tx, {
    venueId: venue.id,
    name: prepared.name,
    email: prepared.email,
    phone: input.phone ?? null,
    locale: prepared.locale,
    consentedAt: now,
  });
  const details = {
    status: RESERVATION_STATUS_CODES.active,
    name: prepared.name,
    guestId,
    guestComments: input.comments?.trim() || null,
    source: input.source ?? 'web',
  };

  let reservation: ReservationRow;
  if (reservationId !== undefined) {
    reservation = await updateReservationRow(tx, venue.id, reservationId, details);
  } else {
    const taken = await chooseTables(tx, profile, input, now);
    if (!taken) throw new SlotGone();
    reservation = await insertReservation(tx, {
      venueId: venue.id,
      startsAt: taken.startsAt,
      endsAt: taken.endsAt,
      pax: input.pax,
      roomId: taken.slot.roomId,
      ...details,
    });
    // The REL-01 constraint decides here: a concurrent booking of these tables makes this insert fail.
    await bookReservationTables(tx, venue, { ...taken, reservationId: reservation.id, status: 'confirmed' });
  }
  await addReservationGuest(tx, { venueId: venue.id, reservationId: reservation.id, guestId, isHost: true });
  const minted = await mintGuestLink(tx, {
    venueId: venue.id,
    reservationId: reservation.id,
    guestId,
    expiresAt: linkExpiry(reservation.endsAt),
  });
  const view = await reservationView(tx, venue, reservation, now, 'staff');
  await appendEvent(tx, venue.id, 'reservation.created', staffPayload(view));
  await notifyAvailability(tx, venue.id, input.date);
  return { body: { result: 0, reservation: { ...view } }, minted, reservation };
}

/** What staff screens receive about a reservation (they are signed in; guests never see this). */
function staffPayload(view: ReservationView) {
  return {
    reservationId: view.id,
    wid: view.wid,
    status: view.status,
    state: view.state,
    date: view.date,
    timeSlot: view.timeSlot,
    startDateTime: view.startDateTime,
    endDateTime: view.endDateTime,
    pax: view.pax,
    name: view.name,
    roomId: view.roomId,
    roomName: view.roomName,
    table: view.table,
  };
}

/**
 * A replayed registration (same Idempotency-Key) gets a fresh guest link for the reservation it
 * created: the stored reply never holds a capability (SEC-09), and the client that retried never saw
 * the first one.
 */
export async function mintReplayLink(
  ctx: AppContext,
  venue: Venue,
  reservationId: number,
): Promise<MintedCapability> {
  return ctx.db.transaction(async (tx) => {
    const reservation = await findReservation(tx, venue.id, { id: reservationId });
    if (!reservation) throw notFound();
    return mintGuestLink(tx, {
      venueId: venue.id,
      reservationId,
      guestId: reservation.guestId,
      expiresAt: linkExpiry(reservation.endsAt),
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// Access to an existing reservation: a capability (uid) or staff, never an id alone

/** Who acts on a reservation and how far they may see into it. */
export interface ReservationAccess {
  readonly row: ReservationRow;
  readonly viewer: Viewer;
  readonly guestId: number | null;
}

function matchesRef(row: ReservationRow, ref: number | string): boolean {
  return typeof ref === 'number' ? row.id === ref : row.wid === ref || String(row.id) === ref;
}

function refOf(ref: number | string): { id: number } | { wid: string } {
  if (typeof ref === 'number') return { id: ref };
  return /^\d{1,9}$/.test(ref) ? { id: Number(ref) } : { wid: ref };
}

/**
 * The reservation `ref` as its caller may reach it: staff with copilot access reach any reservation of
 * the venue; a guest reaches only the reservation of their capability (`purposes`), and only when `ref`
 * names that very reservation. Unknown or foreign ids are 404; bad capabilities 401, stale ones 410.
 * With `lock`, the row is locked for the transaction.
 */
export async function accessReservation(
  db: Executor,
  ctx: AppContext,
  venue: Venue,
  request: {
    ref: number | string;
    uid?: string;
    staff: StaffPrincipal | null;
    purposes: readonly ('reservation' | 'menu')[];
    lock?: boolean;
  },
): Promise<ReservationAccess> {
  const now = ctx.clock.now();
  const read = (id: number) =>
    request.lock ? lockReservation(db, venue.id, id) : findReservation(db, venue.id, { id });
  if (request.uid) {
    const capability = await requireCapability(db, venue.id, request.uid, request.purposes, now);
    const row = await read(capability.reservationId);
    if (!row || !matchesRef(row, request.ref) || row.status === RESERVATION_STATUS_CODES.excluded)
      throw notFound();
    const viewer: Viewer = capability.purpose === 'reservation' ? 'host' : 'companion';
    return { row, viewer, guestId: capability.guestId };
  }
  if (request.staff?.copilotEnabled) {
    const found = await findReservation(db, venue.id, refOf(request.ref));
    if (!found || found.status === RESERVATION_STATUS_CODES.excluded) throw notFound();
    const row = request.lock ? await read(found.id) : found;
    if (!row) throw notFound();
    return { row, viewer: 'staff', guestId: null };
  }
  if (request.staff) throw new AppError(403, 'FORBIDDEN', 'forbidden_copilot');
  throw unauthenticated();
}

/** reservationinfo: the reservation as its guest (or companion, or staff) may see it. */
export async function reservationInfo(
  ctx: AppContext,
  venue: Venue,
  request: { ref: number | string; uid?: string; staff: StaffPrincipal | null },
): Promise<ReservationView> {
  const access = await accessReservation(ctx.db, ctx, venue, {
    ...request,
    purposes: ['reservation', 'menu'],
  });
  return reservationView(ctx.db, venue, access.row, ctx.clock.now(), access.viewer);
}

/**
 * The account a seated guest's capability (their own link or the table's QR) belongs to, following a
 * merge to the account it went into: what the guest's "Ver pedido" reads (decision 028).
 */
export async function accountOfGuest(ctx: AppContext, venue: Venue, uid: string): Promise<ReservationRow> {
  const capability = await requireCapability(ctx.db, venue.id, uid, ['reservation', 'menu'], ctx.clock.now());
  let row = await findReservation(ctx.db, venue.id, { id: capability.reservationId });
  if (row && row.mergedIntoId !== null)
    row = await findReservation(ctx.db, venue.id, { id: row.mergedIntoId });
  if (!row || row.status === RESERVATION_STATUS_CODES.excluded) throw notFound();
  return row;
}

/** The reservation behind a guest link (GET calendar and QR). */
export async function reservationOfLink(ctx: AppContext, venue: Venue, uid: string) {
  const now = ctx.clock.now();
  const capability = await requireCapability(ctx.db, venue.id, uid, ['reservation'], now);
  const row = await findReservation(ctx.db, venue.id, { id: capability.reservationId });
  if (!row || row.status === RESERVATION_STATUS_CODES.excluded) throw notFound();
  const view = await reservationView(ctx.db, venue, row, now, 'host');
  return { row, view, capability };
}

const finished = () => new AppError(409, 'RESERVATION_FINISHED', 'reservation_finished');

/**
 * canceldirect: the guest cancels with their link. The tables are released in the same transaction, staff
 * screens hear `reservation.cancelled` and open forms see the time come back. Cancelling twice is fine;
 * a reservation that started, was seated or ended cannot be cancelled (409 "La reserva ha finalizado").
 */
export async function cancelReservation(
  ctx: AppContext,
  venue: Venue,
  request: { ref: number | string; uid: string },
): Promise<ReservationView> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const { row } = await accessReservation(tx, ctx, venue, {
      ...request,
      staff: null,
      purposes: ['reservation'],
      lock: true,
    });
    if (row.status === RESERVATION_STATUS_CODES.cancelled && !row.finishedAt) {
      return reservationView(tx, venue, row, now, 'host');
    }
    if (!guestMayChange(row, now)) throw finished();
    const cancelled = await updateReservationRow(tx, venue.id, row.id, {
      status: RESERVATION_STATUS_CODES.cancelled,
    });
    await releaseBookingsOf(tx, venue.id, row.id, now);
    const view = await reservationView(tx, venue, cancelled, now, 'host');
    await appendEvent(tx, venue.id, 'reservation.cancelled', { ...staffPayload(view), by: 'guest' });
    await notifyAvailability(tx, venue.id, view.date);
    return view;
  });
}

/**
 * updatereservation: the guest (or staff) changes details; a new date, time, party or room moves the
 * table booking inside one transaction: the old tables are released and new ones assigned on fresh data
 * (the exclusion constraint deciding), or nothing changes and the reply is 409 with fresh slots.
 */
export async function updateReservation(
  ctx: AppContext,
  venue: Venue,
  input: UpdateReservationRequest,
  staff: StaffPrincipal | null,
  locale: Locale,
): Promise<ReservationView> {
  const now = ctx.clock.now();
  if (input.name !== undefined && !input.name.trim()) {
    throw new AppError(400, 'VALIDATION_FAILED', 'guest_name_required', {
      fields: [{ path: 'name', message: translate('guest_name_required', locale) }],
    });
  }
  const profile = await loadBookingProfile(ctx, venue);
  assertBookableRoom(profile, input.roomId);
  // Read once outside to know the current booking (the transaction re-reads it under lock).
  const current = await accessReservation(ctx.db, ctx, venue, {
    ref: input.reservationId,
    uid: input.uid,
    staff,
    purposes: ['reservation'],
  });
  const currentDate = serviceDateOf(venue, current.row.startsAt);
  const wanted = {
    date: input.date ?? currentDate,
    timeSlot: input.timeSlot ?? serviceTimeOf(venue, current.row.startsAt),
    pax: input.pax ?? current.row.pax,
    roomId: input.roomId ?? current.row.roomId ?? undefined,
  };
  const moves =
    wanted.date !== currentDate ||
    wanted.timeSlot !== serviceTimeOf(venue, current.row.startsAt) ||
    wanted.pax !== current.row.pax ||
    wanted.roomId !== (current.row.roomId ?? undefined);
  if (moves) assertBookable(profile, wanted, now);
  try {
    return await ctx.db.transaction(async (tx) => {
      const access = await accessReservation(tx, ctx, venue, {
        ref: input.reservationId,
        uid: input.uid,
        staff,
        purposes: ['reservation'],
        lock: true,
      });
      const { row } = access;
      if (!guestMayChange(row, now)) throw finished();
      const changes: Partial<ReservationRow> = {};
      if (input.name !== undefined) changes.name = input.name.trim();
      if (input.comments !== undefined) changes.guestComments = input.comments.trim() || null;
      if (moves) {
        await releaseBookingsOf(tx, venue.id, row.id, now);
        await releaseLapsedHolds(tx, profile, wanted.date, now);
        // The reservation's own (just released) booking no longer counts, for tables or for pacing.
        const taken = await chooseTables(tx, profile, { ...wanted, ignoreReservationIds: [row.id] }, now);
        if (!taken) throw new SlotGone();
        await bookReservationTables(tx, venue, { ...taken, reservationId: row.id, status: 'confirmed' });
        Object.assign(changes, {
          startsAt: taken.startsAt,
          endsAt: taken.endsAt,
          pax: wanted.pax,
          roomId: taken.slot.roomId,
        });
      }
      const updated =
        Object.keys(changes).length > 0 ? await updateReservationRow(tx, venue.id, row.id, changes) : row;
      if ((input.phone !== undefined || input.locale !== undefined) && updated.guestId !== null) {
        await updateGuestContact(tx, venue.id, updated.guestId, { phone: input.phone, locale: input.locale });
      }
      const view = await reservationView(tx, venue, updated, now, access.viewer);
      await appendEvent(tx, venue.id, 'reservation.updated', { ...staffPayload(view), by: access.viewer });
      if (moves) {
        await notifyAvailability(tx, venue.id, currentDate);
        if (view.date !== currentDate) await notifyAvailability(tx, venue.id, view.date);
      }
      return view;
    });
  } catch (error) {
    throw await asSlotUnavailable(
      ctx,
      profile,
      { date: wanted.date, pax: wanted.pax, roomId: wanted.roomId },
      error,
    );
  }
}

function serviceTimeOf(venue: Venue, startsAt: Date): string {
  return instantToTimeOfDay(startsAt, venue.timeZone);
}

/** userfuture: the upcoming reservations of the guest behind `uid` at this venue. */
export async function futureReservations(
  ctx: AppContext,
  venue: Venue,
  uid: string,
): Promise<ReservationView[]> {
  const now = ctx.clock.now();
  const capability = await requireCapability(ctx.db, venue.id, uid, ['reservation', 'menu'], now);
  if (capability.guestId === null) return [];
  const rows = await upcomingReservationsOfGuest(ctx.db, venue.id, capability.guestId, now);
  const viewer: Viewer = capability.purpose === 'reservation' ? 'host' : 'companion';
  // A companion sees the host's contact details of no reservation; a host sees their own.
  const views = await reservationViews(ctx.db, venue, rows, now, 'host');
  return views.map((view) =>
    viewer === 'host' && rows.find((row) => row.id === view.id)?.guestId === capability.guestId
      ? view
      : { ...view, email: null, phone: null, comments: null },
  );
}

/** rotatelink: a new guest link for the same reservation; the presented one answers 410 from now on. */
export async function rotateLink(ctx: AppContext, venue: Venue, uid: string): Promise<MintedCapability> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const capability = await requireCapability(tx, venue.id, uid, ['reservation'], now);
    const row = await findReservation(tx, venue.id, { id: capability.reservationId });
    if (!row || row.status === RESERVATION_STATUS_CODES.excluded) throw notFound();
    return rotateGuestLink(tx, { uid, row: capability }, now, linkExpiry(row.endsAt));
  });
}

// ---------------------------------------------------------------------------------------------------
// Companions

async function guestList(db: Executor, venue: Venue, reservationId: number) {
  const rows = await guestsOf(db, venue.id, [reservationId]);
  return rows.map((row) => ({ id: row.id, name: row.name, isHost: row.isHost }));
}

interface CompanionRequest {
  wid: string;
  hostCode: string;
  name: string;
  email?: string;
  phone?: string;
  locale?: string;
  consent: boolean;
}

/**
 * A companion joins through the invitation code (`hostCode`, the check-in code of the QR) of
 * reservation `wid`: their guest row is created (found by email when given) and they receive their own
 * `menu` capability. The host cannot be "joined" twice; a finished reservation refuses (409).
 */
export async function joinReservation(ctx: AppContext, venue: Venue, request: CompanionRequest) {
  return enterCompanion(ctx, venue, request, async (tx, row, guestId) => {
    const expiresAt = linkExpiry(row.endsAt);
    const uid = await mintToken(tx, {
      venueId: venue.id,
      reservationId: row.id,
      guestId,
      purpose: 'menu',
      expiresAt,
    });
    return { uid, expiresAt };
  });
}

/**
 * addguest `createGuest: false` (decision 040): whoever holds the invitation code names someone who
 * comes. They are on the guest list (the host or staff can remove them) but get no link of their own.
 */
export async function nameInvitee(ctx: AppContext, venue: Venue, request: CompanionRequest) {
  return enterCompanion(ctx, venue, request, async () => ({}));
}

async function enterCompanion<T>(
  ctx: AppContext,
  venue: Venue,
  request: CompanionRequest,
  grant: (tx: Executor, row: ReservationRow, guestId: number) => Promise<T>,
) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const code = await requireCapability(tx, venue.id, request.hostCode, ['menu'], now);
    const row = await lockReservation(tx, venue.id, code.reservationId);
    if (!row || row.wid !== request.wid || row.status === RESERVATION_STATUS_CODES.excluded) throw notFound();
    if (isAccountClosed(row)) throw finished();
    const guestId = await saveCompanion(tx, {
      venueId: venue.id,
      name: request.name,
      email: request.email,
      phone: request.phone,
      locale: request.locale,
      consentedAt: request.consent ? now : null,
    });
    await addReservationGuest(tx, { venueId: venue.id, reservationId: row.id, guestId, isHost: false });
    const granted = await grant(tx, row, guestId);
    await appendEvent(tx, venue.id, 'reservation.guests.changed', { reservationId: row.id, wid: row.wid });
    const guest = await guestById(tx, venue.id, guestId);
    return { ...granted, row, guest, guests: await guestList(tx, venue, row.id) };
  });
}

/** adduser: the host (their link) or staff adds a known guest of the venue to the reservation. */
export async function addUserToReservation(
  ctx: AppContext,
  venue: Venue,
  request: { wid: string; userId: number; uid?: string; staff: StaffPrincipal | null },
) {
  return ctx.db.transaction(async (tx) => {
    const { row } = await accessReservation(tx, ctx, venue, {
      ref: request.wid,
      uid: request.uid,
      staff: request.staff,
      purposes: ['reservation'],
      lock: true,
    });
    if (isAccountClosed(row)) throw finished();
    const guest = await guestById(tx, venue.id, request.userId);
    if (!guest) throw notFound();
    await addReservationGuest(tx, {
      venueId: venue.id,
      reservationId: row.id,
      guestId: guest.id,
      isHost: false,
    });
    await appendEvent(tx, venue.id, 'reservation.guests.changed', { reservationId: row.id, wid: row.wid });
    return guestList(tx, venue, row.id);
  });
}

/** removeinvitee: the host or staff removes a companion; the companion's codes for it stop working. */
export async function removeInvitee(
  ctx: AppContext,
  venue: Venue,
  request: { ref: number | string; userId: number; uid?: string; staff: StaffPrincipal | null },
) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const { row } = await accessReservation(tx, ctx, venue, {
      ref: request.ref,
      uid: request.uid,
      staff: request.staff,
      purposes: ['reservation'],
      lock: true,
    });
    if (request.userId === row.guestId) throw new AppError(409, 'CONFLICT', 'invitee_is_host');
    const removed = await removeReservationGuest(tx, venue.id, row.id, request.userId);
    if (!removed) throw notFound();
    await revokeGuestAccess(tx, venue.id, row.id, request.userId, now);
    await appendEvent(tx, venue.id, 'reservation.guests.changed', { reservationId: row.id, wid: row.wid });
    return guestList(tx, venue, row.id);
  });
}

// ---------------------------------------------------------------------------------------------------
// Reminders

/**
 * remindnumber: the upcoming reservations of the guest with `email`, each with a fresh guest link (the
 * old links keep working). Nothing is returned to the caller: the reminder goes to the address itself.
 */
export async function remindReservations(ctx: AppContext, venue: Venue, email: string) {
  const now = ctx.clock.now();
  const guest = await guestByEmail(ctx.db, venue.id, email);
  if (!guest || !guest.email) return undefined;
  const rows = (await upcomingReservationsOfGuest(ctx.db, venue.id, guest.id, now)).filter(
    (row) => row.guestId === guest.id,
  );
  if (rows.length === 0) return undefined;
  const links = await ctx.db.transaction(async (tx) => {
    const minted: MintedCapability[] = [];
    for (const row of rows) {
      minted.push(
        await mintGuestLink(tx, {
          venueId: venue.id,
          reservationId: row.id,
          guestId: guest.id,
          expiresAt: linkExpiry(row.endsAt),
        }),
      );
    }
    return minted;
  });
  const views = await reservationViews(ctx.db, venue, rows, now, 'host');
  return {
    guest: { ...guest, email: guest.email },
    entries: views.map((view, index) => ({ view, link: links[index]! })),
  };
}

export { HOLD_SECONDS };

// ---------------------------------------------------------------------------------------------------
// Building blocks of the copilot floor (issue 5, decision 007). The floor module orchestrates the staff
// actions (state rules, roles, audit, events); reservation rows and table bookings are read and written
// here, so their SQL stays in this module.

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

/** Releases every live table booking of a reservation (no-show, cancel, close, merge, move). */
export function releaseReservationTables(db: Executor, venue: Venue, reservationId: number, now: Date) {
  return releaseBookingsOf(db, venue.id, reservationId, now);
}

/**
 * Books `tableIds` for a reservation over [startsAt, endsAt), or holds them until `holdExpiresAt`. The
 * REL-01 exclusion constraint decides: a table taken meanwhile makes the insert fail with 23P01 (see
 * {@link isExclusionViolation}).
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

/** Tells open booking forms that the times of `date` changed (tables freed or taken by staff). */
export function announceAvailability(tx: Transaction, venue: Venue, date: IsoDate) {
  return notifyAvailability(tx, venue.id, date);
}

/** A reservation staff take by phone (spec "new reservation by phone"): no email or consent needed. */
export interface StaffBookingInput {
  readonly date: IsoDate;
  readonly timeSlot: string;
  readonly pax: number;
  readonly roomId?: number;
  readonly name: string;
  readonly phone?: string;
  readonly email?: string;
  readonly comments?: string;
  readonly staffComments?: string;
  readonly locale?: Locale;
  readonly source: 'phone';
  readonly userId: number;
}

/**
 * Checks a staff booking before any write, with the guests' rules: the room (404), the date and party
 * (400), the email when given (400). Returns the profile to book with.
 */
export async function prepareStaffBooking(
  ctx: AppContext,
  venue: Venue,
  input: StaffBookingInput,
  locale: Locale,
): Promise<BookingProfile> {
  if (input.email !== undefined && input.email.trim() !== '' && !isValidEmail(input.email.trim())) {
    throw new AppError(400, 'VALIDATION_FAILED', 'guest_email_invalid', {
      fields: [{ path: 'email', message: translate('guest_email_invalid', locale) }],
    });
  }
  const profile = await loadBookingProfile(ctx, venue);
  assertBookableRoom(profile, input.roomId);
  assertBookable(profile, input, ctx.clock.now());
  if (!slotInstant(venue, input.date, input.timeSlot)) throw await slotUnavailable(ctx, profile, input);
  return profile;
}

/**
 * Writes a staff booking inside the caller's (idempotency) transaction through the same engine as guests:
 * the time must still be offered and `assignTable` picks the table on fresh data; the guest is found by
 * email or created. Staff screens and open forms are told by the caller and here respectively.
 * @throws SlotGone or the exclusion violation (23P01), as {@link writeRegistration}.
 */
export async function writeStaffBooking(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  profile: BookingProfile,
  input: StaffBookingInput,
): Promise<ReservationRow> {
  const now = ctx.clock.now();
  await releaseLapsedHolds(tx, profile, input.date, now);
  const taken = await chooseTables(tx, profile, input, now);
  if (!taken) throw new SlotGone();
  const email = input.email?.trim() || undefined;
  const guestId = await saveCompanion(tx, {
    venueId: venue.id,
    name: input.name,
    email,
    phone: input.phone,
    locale: input.locale,
    consentedAt: null,
  });
  const reservation = await insertReservation(tx, {
    venueId: venue.id,
    status: RESERVATION_STATUS_CODES.active,
    startsAt: taken.startsAt,
    endsAt: taken.endsAt,
    pax: input.pax,
    roomId: taken.slot.roomId,
    name: input.name,
    guestId,
    guestComments: input.comments?.trim() || null,
    staffComments: input.staffComments?.trim() || null,
    source: input.source,
    createdByUserId: input.userId,
  });
  await bookReservationTables(tx, venue, { ...taken, reservationId: reservation.id, status: 'confirmed' });
  await addReservationGuest(tx, { venueId: venue.id, reservationId: reservation.id, guestId, isHost: true });
  await notifyAvailability(tx, venue.id, input.date);
  return reservation;
}
