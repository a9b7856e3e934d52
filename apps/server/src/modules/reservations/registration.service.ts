// register: a guest's booking checked, then written race-free (decision 006).
import type { RegisterReservationRequest, ReservationView } from '@sobremesa/contracts';
import { isValidEmail, type Locale, RESERVATION_STATUS_CODES } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { translate } from '../../i18n/messages.ts';
import {
  expiredLink,
  findCapability,
  invalidLink,
  mintGuestLink,
  revokeTokens,
  saveBookingGuest,
  type MintedCapability,
} from '../guests/guests.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  assertBookable,
  assertBookableRoom,
  chooseTables,
  loadBookingProfile,
  type BookingProfile,
} from './availability.ts';
import { notifyAvailability } from './availability-events.ts';
import { reservationView } from './reservation-view.ts';
import { addReservationGuest } from './reservation-guests.repository.ts';
import { confirmHeldBookings, releaseBookingsOf } from './table-bookings.repository.ts';
import {
  findReservation,
  insertReservation,
  lockReservation,
  updateReservationRow,
  type ReservationRow,
} from './reservations.repository.ts';
import { SlotGone, slotUnavailable } from './booking-races.ts';
import { linkExpiry, slotInstant } from './reservation-times.ts';
import { bookReservationTables, releaseLapsedHolds } from './table-bookings.service.ts';

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
export function staffPayload(view: ReservationView) {
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
