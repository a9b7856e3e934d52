import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, venueId } from './columns.ts';
import { venues } from './venues.ts';

/**
 * Each venue's Ed25519 key pair (decision 023), made on first use: it signs the short-lived read-only
 * tokens of a reservation's calendar and QR (SEC-09) and the cash drawer tickets the print helper checks
 * with the public key pinned in its download (SEC-11). One row per venue, so a ticket of one venue never
 * opens another's drawer. Keys are PEM (SPKI public, PKCS#8 private).
 */
export const venueSigningKeys = pgTable('venue_signing_keys', {
  venueId: venueId()
    .primaryKey()
    .references(() => venues.id, { onDelete: 'cascade' }),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
});
