import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, instant, venueId } from './columns.ts';
import { reservations } from './reservations.ts';
import { users } from './staff.ts';
import { venues } from './venues.ts';

/**
 * A walk-in party waiting for a table (issue 18 item 9, decision 037): the wait quoted when it was put
 * on the list, and what came of it — seated (with the walk-in reservation made for it), left on its own
 * or taken off by staff. Listed per service day, first come first.
 */
export const walkInWaitlist = pgTable(
  'walk_in_waitlist',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    /** The service day (06:00 to 06:00 in the venue's zone) the party arrived in. */
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    pax: integer('pax').notNull(),
    phone: text('phone'),
    notes: text('notes'),
    /** The wait told to the party, in minutes (0: a table was free when it arrived). */
    quotedMinutes: integer('quoted_minutes').notNull(),
    status: text('status').notNull().default('waiting'),
    /** The walk-in reservation the party was seated on. */
    reservationId: integer('reservation_id'),
    createdByUserId: integer('created_by_user_id'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('walk_in_waitlist_venue_day_idx').on(t.venueId, t.serviceDate, t.status),
    foreignKey({
      name: 'walk_in_waitlist_reservation_fk',
      columns: [t.venueId, t.reservationId],
      foreignColumns: [reservations.venueId, reservations.id],
    }),
    foreignKey({
      name: 'walk_in_waitlist_created_by_fk',
      columns: [t.venueId, t.createdByUserId],
      foreignColumns: [users.venueId, users.id],
    }),
    check('walk_in_waitlist_status_check', sql`${t.status} in ('waiting', 'seated', 'left', 'cancelled')`),
    check('walk_in_waitlist_pax_check', sql`${t.pax} >= 1`),
    check('walk_in_waitlist_quote_check', sql`${t.quotedMinutes} >= 0`),
    check('walk_in_waitlist_seated_check', sql`(${t.status} = 'seated') = (${t.reservationId} is not null)`),
  ],
);
