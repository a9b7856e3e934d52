import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, venueId } from './columns.ts';
import { reservations } from './reservations.ts';
import { users } from './staff.ts';
import { venues } from './venues.ts';

/**
 * What the kiosk (or a door scanner) read and what came of it (spec door log: code, agent, type 1, text).
 * When the code is a guest capability (a reservation QR) the service stores its hash, never the token
 * itself (SEC-09).
 */
export const doorLogs = pgTable(
  'door_logs',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** The reading device or browser. */
    agent: text('agent').notNull().default(''),
    type: smallint('type').notNull().default(1),
    text: text('text').notNull().default(''),
    /** Scan result (spec §4): 0 success, 1 no reservation, 2 reservation error, -1 error. */
    result: smallint('result'),
    reservationId: integer('reservation_id'),
    /** The staff account the reading device was signed in with (the kiosk's). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('door_logs_venue_created_idx').on(t.venueId, t.createdAt),
    foreignKey({
      name: 'door_logs_reservation_fk',
      columns: [t.venueId, t.reservationId],
      foreignColumns: [reservations.venueId, reservations.id],
    }),
    check('door_logs_result_check', sql`${t.result} is null or ${t.result} in (0, 1, 2, -1)`),
  ],
);
