import { date, jsonb, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt, venueId } from './columns.ts';
import { venues } from './venues.ts';

/**
 * A closed service day's report figures, computed once from the bills, payments, reservations and kitchen
 * lines by the Z report's rules and kept as one document (decision 045). Triggers of migration 0018 delete a
 * day's row in the transaction that changes anything it was computed from; the next read computes it again.
 * Today is never stored: it is computed live.
 */
export const reportDays = pgTable(
  'report_days',
  {
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    facts: jsonb('facts').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.day] })],
);
