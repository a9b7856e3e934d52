// Access to an existing reservation: a capability (uid) or staff, never an id alone.
import type { ReservationView, UpdateReservationRequest } from '@sobremesa/contracts';
import { instantToTimeOfDay, type Locale, RESERVATION_STATUS_CODES } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { AppError, notFound, unauthenticated } from '../../http/app-error.ts';
import { translate } from '../../i18n/messages.ts';
import { hashToken } from '../../lib/tokens.ts';
import {
  requireCapability,
  resolveCapability,
  rotateGuestLink,
  updateGuestContact,
  validCapability,
  type GuestTokenRow,
  type MintedCapability,
} from '../guests/guests.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { assertBookable, assertBookableRoom, chooseTables, loadBookingProfile } from './availability.ts';
import { notifyAvailability } from './availability-events.ts';
import { guestMayChange } from './reservation-status.ts';
import { reservationView, reservationViews, type Viewer } from './reservation-view.ts';
import {
  findReservation,
  lockReservation,
  lockReservationOfToken,
  upcomingReservationsOfGuest,
  updateReservationRow,
  type ReservationRow,
} from './reservations.repository.ts';
import { releaseBookingsOf } from './table-bookings.repository.ts';
import { SlotGone, asSlotUnavailable } from './booking-races.ts';
import { serviceDateOf, linkExpiry } from './reservation-times.ts';
import { staffPayload } from './registration.service.ts';
import { bookReservationTables, releaseLapsedHolds } from './table-bookings.service.ts';

/** Who acts on a reservation and how far they may see into it. */
export interface ReservationAccess {
  readonly row: ReservationRow;
  readonly viewer: Viewer;
  readonly guestId: number | null;
}

function matchesRef(row: ReservationRow, ref: number | string): boolean {
  return typeof ref === 'number' ? row.id === ref : row.wid === ref || String(row.id) === ref;
}

export function refOf(ref: number | string): { id: number } | { wid: string } {
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
    const { capability, row } = await reservationOfCapability(db, venue.id, request.uid, request, now, read);
    if (!row || !matchesRef(row, request.ref) || row.status === RESERVATION_STATUS_CODES.excluded)
      throw notFound();
    const viewer: Viewer = capability.purpose === 'reservation' ? 'host' : 'companion';
    return { row, viewer, guestId: capability.guestId };
  }
  if (request.staff?.copilotEnabled) {
    const ref = refOf(request.ref);
    // An id is locked straight away; a wid is looked up first (decision 054: no reservation read twice).
    const found = request.lock && 'id' in ref ? await read(ref.id) : await findReservation(db, venue.id, ref);
    if (!found || found.status === RESERVATION_STATUS_CODES.excluded) throw notFound();
    const row = request.lock && !('id' in ref) ? await read(found.id) : found;
    if (!row) throw notFound();
    return { row, viewer: 'staff', guestId: null };
  }
  if (request.staff) throw new AppError(403, 'FORBIDDEN', 'forbidden_copilot');
  throw unauthenticated();
}

/**
 * A guest capability's reservation. To lock it, the token and the reservation are read in one statement
 * (a guest's order starts here, decision 054); a miss there, and every read without a lock, takes the
 * capability check first, which refuses with the exact 401 or 410.
 */
async function reservationOfCapability(
  db: Executor,
  venueId: number,
  uid: string,
  request: { purposes: readonly ('reservation' | 'menu')[]; lock?: boolean },
  now: Date,
  read: (id: number) => Promise<ReservationRow | undefined>,
): Promise<{ capability: GuestTokenRow & { reservationId: number }; row: ReservationRow | undefined }> {
  if (request.lock) {
    const found = await lockReservationOfToken(db, venueId, hashToken(uid));
    if (found)
      return {
        capability: validCapability(resolveCapability(found.token, now), request.purposes),
        row: found.row,
      };
  }
  const capability = await requireCapability(db, venueId, uid, request.purposes, now);
  return { capability, row: await read(capability.reservationId) };
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

export const finished = () => new AppError(409, 'RESERVATION_FINISHED', 'reservation_finished');

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
