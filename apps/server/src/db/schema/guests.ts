import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, venueId } from './columns.ts';
import { LOCALES_SQL } from './codes.ts';
import { allergens } from './menus.ts';
import { venues } from './venues.ts';

/**
 * A guest of one venue (no login): who books, joins a table's account from a phone or orders. Guests
 * are per venue on purpose: one restaurant never sees another's customers (SEC-01).
 */
export const guests = pgTable(
  'guests',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    /** Preferred language for messages and the menu; null means the venue's default. */
    locale: text('locale'),
    /** When the guest accepted the privacy policy (booking form consent). */
    consentedAt: instant('consented_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    unique('guests_venue_id_id_key').on(t.venueId, t.id),
    // A returning guest is found by email, so one email is one guest within the venue.
    uniqueIndex('guests_venue_email_key')
      .on(t.venueId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
    index('guests_venue_phone_idx').on(t.venueId, t.phone),
    check('guests_locale_check', sql`${t.locale} is null or ${t.locale} in ${LOCALES_SQL}`),
  ],
);

/** Allergens a guest declared (spec "update allergens"); the menu warns on dishes that contain them. */
export const guestAllergens = pgTable(
  'guest_allergens',
  {
    venueId: venueId(),
    guestId: integer('guest_id').notNull(),
    allergenId: integer('allergen_id')
      .notNull()
      .references(() => allergens.id),
  },
  (t) => [
    primaryKey({ columns: [t.guestId, t.allergenId] }),
    foreignKey({
      name: 'guest_allergens_guest_fk',
      columns: [t.venueId, t.guestId],
      foreignColumns: [guests.venueId, guests.id],
    }).onDelete('cascade'),
  ],
);
