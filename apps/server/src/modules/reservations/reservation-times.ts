// The times a reservation's rules read: its service date, its guest link's lifetime, a slot's instant.
import { logicalDate, serviceDayTimeToInstant } from '@sobremesa/domain';
import type { Venue } from '../venues/venues.service.ts';

export const DAY_MS = 24 * 3600 * 1000;
/** A guest link works until 30 days after the reservation ends (to see it, or join a review). */
const LINK_LIFETIME_AFTER_END_MS = 30 * DAY_MS;

/** The service date of a reservation (06:00 boundary in the venue's zone). */
export function serviceDateOf(venue: Venue, startsAt: Date): string {
  return logicalDate(startsAt, venue.timeZone);
}

export function linkExpiry(endsAt: Date): Date {
  return new Date(endsAt.getTime() + LINK_LIFETIME_AFTER_END_MS);
}

export function slotInstant(venue: Venue, date: string, timeSlot: string): Date | null {
  return serviceDayTimeToInstant(date, timeSlot, venue.timeZone);
}
