import { integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { venueId } from './columns.ts';
import { venues } from './venues.ts';

/** A cash drawer of the venue. */
export const cashDrawers = pgTable(
  'cash_drawers',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [unique('cash_drawers_venue_id_id_key').on(t.venueId, t.id)],
);
