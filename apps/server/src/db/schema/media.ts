import { sql } from 'drizzle-orm';
import { check, customType, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, venueId } from './columns.ts';
import { venues } from './venues.ts';

/** Raw bytes; node-postgres hands back a Buffer, PGlite a Uint8Array, both read as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * An image the venue uploaded (logo, favicon, product photo), as re-encoded renditions: the uploaded
 * bytes are never kept nor served (decision 061). Kept in the database so the embedded setup needs no
 * file store. `sourceKey` names one upload (the SHA-256 of its bytes, shortened); a rendition is that
 * key at one width and format, served at `/media/<sourceKey>-<width>.<ext>`, immutable.
 */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    sourceKey: text('source_key').notNull(),
    width: integer('width').notNull(),
    /** The rendition's file extension: webp or png. */
    format: text('format').notNull(),
    contentType: text('content_type').notNull(),
    /** SHA-256 of `bytes`, hex: the ETag. */
    hash: text('hash').notNull(),
    /** logo, favicon or product: what the upload was for. */
    purpose: text('purpose').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('media_venue_rendition_key').on(t.venueId, t.sourceKey, t.width, t.format),
    check('media_format_check', sql`${t.format} in ('webp', 'png')`),
    check('media_purpose_check', sql`${t.purpose} in ('logo', 'favicon', 'product')`),
    check('media_size_check', sql`octet_length(${t.bytes}) between 1 and 8388608`),
  ],
);
