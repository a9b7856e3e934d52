import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, venueId } from './columns.ts';
import { guests } from './guests.ts';
import { reservations } from './reservations.ts';
import { venues } from './venues.ts';

/**
 * A guest's review after the meal (spec review/create, addtext, update): a rating first, text later, and
 * whether they followed the link to the venue's Google Maps review (click registration).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    reservationId: integer('reservation_id'),
    guestId: integer('guest_id'),
    rating: smallint('rating'),
    text: text('text'),
    googleReviewClickedAt: instant('google_review_clicked_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('reviews_venue_created_idx').on(t.venueId, t.createdAt),
    // One review per account (issue 26): a guest changes it, nobody stacks them.
    uniqueIndex('reviews_venue_reservation_key').on(t.venueId, t.reservationId),
    foreignKey({
      name: 'reviews_reservation_fk',
      columns: [t.venueId, t.reservationId],
      foreignColumns: [reservations.venueId, reservations.id],
    }),
    foreignKey({
      name: 'reviews_guest_fk',
      columns: [t.venueId, t.guestId],
      foreignColumns: [guests.venueId, guests.id],
    }),
    check('reviews_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);
