// Companions: guests joining, named by, added to and removed from a reservation (decision 040).
import type { GuestUser } from '@sobremesa/contracts';
import { isAccountClosed, RESERVATION_STATUS_CODES } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import {
  guestById,
  mintToken,
  requireCapability,
  revokeGuestAccess,
  saveCompanion,
  type GuestRow,
} from '../guests/guests.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { addReservationGuest, guestsOf, removeReservationGuest } from './reservation-guests.repository.ts';
import { lockReservation, type ReservationRow } from './reservations.repository.ts';
import { linkExpiry } from './reservation-times.ts';
import { accessReservation, finished } from './reservation-access.service.ts';

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
 * What a guest who joined is told (user/register, or a companion through the table's QR): their own link and
 * who they are.
 */
export function joinedGuestReply(joined: Awaited<ReturnType<typeof joinReservation>>): {
  result: 0;
  uid: string;
  expiresAt: string;
  user: GuestUser;
} {
  if (!joined.guest) throw notFound();
  const user = guestUserOf(joined.guest, joined.row.wid, false);
  return { result: 0, uid: joined.uid, expiresAt: joined.expiresAt.toISOString(), user };
}

/** A guest of a reservation as their phone knows them. */
export function guestUserOf(guest: GuestRow, reservationWid: string, isHost: boolean): GuestUser {
  return {
    id: guest.id,
    name: guest.name,
    email: guest.email,
    phone: guest.phone,
    locale: guest.locale,
    reservationWid,
    isHost,
  };
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
