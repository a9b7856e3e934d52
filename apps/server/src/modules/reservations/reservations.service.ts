// The reservations module's calls, one file per section (decision 068). Reservations owns the `reservations`,
// `reservation_guests` and `table_bookings` tables: its repositories are their only writers, and other modules
// (floor, kiosk, waitlist, billing, takeaway) read and change them through these services.
export { bookingWindow, freshSlots, HOLD_SECONDS, loadBookingProfile } from './availability.ts';
/** Admin's booking rules and floor plan change what guests may book: their open pickers are told. */
export { EVERY_DATE, notifyAvailability } from './availability-events.ts';
/** Takeaway's e-mails speak the guest's language and write dates as the booking e-mails do. */
export { emailLocale, formatDateFor } from './confirmation-email.ts';
export { REGISTER_USER_PER_ADDRESS } from './guest-rate-limits.ts';
export type { BookingProfile, DayBookings } from './availability.ts';
export { checkInUrl } from './reservation-view.ts';
export type { ReservationRow } from './reservations.repository.ts';
export type { DisplayedTable } from './table-bookings.repository.ts';
/** The kiosk finds a booking by the reference a guest types (decision 029). */
export { reservationIdByReference } from './reservations.repository.ts';
/** Takeaway's tableless account: opened with its order, closed when the order is refused or unpaid. */
export { closeTakeawayAccount, insertTakeawayAccount } from './takeaway-accounts.repository.ts';

export * from './booking-races.ts';
export * from './booking-availability.service.ts';
export * from './holds.service.ts';
export * from './registration.service.ts';
export * from './reservation-access.service.ts';
export * from './companions.service.ts';
export * from './reminders.service.ts';
export * from './reservation-rows.service.ts';
export * from './table-bookings.service.ts';
export * from './phone-bookings.service.ts';
