import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, venueId } from './columns.ts';
import { diningTables } from './floor.ts';
import { guests } from './guests.ts';
import { reservations } from './reservations.ts';

/**
 * Guest capabilities (SEC-09): the reservation link, the table QR and the menu `uid`. Only the SHA-256 of
 * the random token is stored, so a database leak opens no table. Each is scoped to one venue and one
 * reservation (purposes reservation and menu) or one table (purpose table), and is rotated by revoking.
 */
export const guestTokens = pgTable(
  'guest_tokens',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose').notNull(),
    reservationId: integer('reservation_id'),
    tableId: integer('table_id'),
    /** The guest the token identifies, when known (menu uid of a guest who joined the account). */
    guestId: integer('guest_id'),
    /** Null for a table QR, which lives until the venue rotates it. */
    expiresAt: instant('expires_at'),
    revokedAt: instant('revoked_at'),
    lastUsedAt: instant('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('guest_tokens_token_hash_key').on(t.tokenHash),
    index('guest_tokens_reservation_idx').on(t.venueId, t.reservationId),
    index('guest_tokens_table_idx').on(t.venueId, t.tableId),
    foreignKey({
      name: 'guest_tokens_reservation_fk',
      columns: [t.venueId, t.reservationId],
      foreignColumns: [reservations.venueId, reservations.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'guest_tokens_table_fk',
      columns: [t.venueId, t.tableId],
      foreignColumns: [diningTables.venueId, diningTables.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'guest_tokens_guest_fk',
      columns: [t.venueId, t.guestId],
      foreignColumns: [guests.venueId, guests.id],
    }).onDelete('cascade'),
    check(
      'guest_tokens_scope_check',
      sql`(${t.purpose} = 'table' and ${t.tableId} is not null and ${t.reservationId} is null)
        or (${t.purpose} in ('reservation', 'menu') and ${t.reservationId} is not null and ${t.tableId} is null)`,
    ),
  ],
);
