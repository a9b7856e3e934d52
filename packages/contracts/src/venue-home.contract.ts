import { z } from 'zod';
import { LOCALES } from '@sobremesa/domain';
import { okSchema } from './envelope.ts';

/**
 * POST /world/api/venue/home (issue 26 item 7): everything /home shows in one reply, so the page is drawn
 * from one query (and can be rendered on the server from it). Spec §2: "Home loads rooms".
 */
export const venueHomeRequestSchema = z.strictObject({});

export const venueHomeSchema = z.object({
  name: z.string(),
  /** The venue's own icon (a path on this origin), or null. */
  logoUrl: z.string().nullable(),
  address: z.object({ street: z.string(), postalCode: z.string(), city: z.string() }),
  /** The venue's Google Maps link, or null. */
  mapUrl: z.string().nullable(),
  /** Opening hours from the service schedule, by service; weekdays 1 (Monday) to 7. */
  hours: z.array(
    z.object({
      name: z.string(),
      weekdays: z.array(z.number().int().min(1).max(7)),
      start: z.string(),
      end: z.string(),
    }),
  ),
  rooms: z.array(z.object({ id: z.number().int(), name: z.string(), maxPax: z.number().int() })),
  locales: z.array(z.enum(LOCALES)),
  /** Whether guests can book online (a room takes bookings): the book button shows only then. */
  bookingEnabled: z.boolean(),
});
export type VenueHome = z.infer<typeof venueHomeSchema>;

export const venueHomeReplySchema = okSchema({ home: venueHomeSchema });
export type VenueHomeReply = z.infer<typeof venueHomeReplySchema>;
