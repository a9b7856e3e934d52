// A reservation staff take by phone, through the same engine as a guest's (spec "new reservation by phone").
import { isValidEmail, type IsoDate, type Locale, RESERVATION_STATUS_CODES } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { translate } from '../../i18n/messages.ts';
import { saveCompanion } from '../guests/guests.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  assertBookable,
  assertBookableRoom,
  chooseTables,
  loadBookingProfile,
  type BookingProfile,
} from './availability.ts';
import { notifyAvailability } from './availability-events.ts';
import { addReservationGuest } from './reservation-guests.repository.ts';
import { insertReservation, type ReservationRow } from './reservations.repository.ts';
import { SlotGone, slotUnavailable } from './booking-races.ts';
import { slotInstant } from './reservation-times.ts';
import { bookReservationTables, releaseLapsedHolds } from './table-bookings.service.ts';

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
 * @throws SlotGone or the exclusion violation (23P01), as `writeRegistration`.
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
