import type { VenueHome } from '@sobremesa/contracts';
import type { AppContext } from '../../context.ts';
import { serviceSchedule } from '../config/config.service.ts';
import { availableRooms } from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';

/** /home's data (issue 26 item 7): the venue, its hours from the schedule and its rooms, in one reply. */
export async function venueHome(ctx: AppContext, venue: Venue): Promise<VenueHome> {
  const [schedule, rooms] = await Promise.all([serviceSchedule(ctx, venue), availableRooms(ctx, venue, {})]);
  const { address, postalCode, city } = venue.settings.fiscalInfo;
  const hours = new Map<string, VenueHome['hours'][number]>();
  // The schedule has one entry per slot pattern; guests read one line per service and its hours.
  for (const entry of schedule) {
    const key = `${entry.name}|${entry.start}|${entry.end}`;
    const found = hours.get(key);
    if (found) found.weekdays = [...new Set([...found.weekdays, ...entry.weekdays])].sort((a, b) => a - b);
    else hours.set(key, { name: entry.name, weekdays: entry.weekdays, start: entry.start, end: entry.end });
  }
  return {
    name: venue.businessName,
    logoUrl: venue.settings.logo_url || venue.settings.favicon_url || null,
    address: { street: address, postalCode, city },
    mapUrl: venue.settings.location_gmaps_url.trim() || null,
    hours: [...hours.values()].sort((a, b) => a.start.localeCompare(b.start)),
    rooms: rooms.rooms.map((room) => ({ id: room.room_id, name: room.name, maxPax: room.maxPax })),
    locales: venue.settings.locales,
    bookingEnabled: rooms.rooms.length > 0,
  };
}
