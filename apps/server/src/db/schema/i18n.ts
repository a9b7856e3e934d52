import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { LOCALES_SQL } from './codes.ts';
import { instant, venueId } from './columns.ts';
import { venues } from './venues.ts';

/**
 * Venue content in the nine languages: keys such as `menu.<id>.name`, `category.<id>.name`,
 * `product.<id>.name`, `product.<id>.description`, `optionType.<id>.name`, `option.<id>.name`.
 * Keys name rows by id rather than by foreign key so one table serves every kind of content; a missing
 * translation falls back to Spanish, then to the row's own name.
 */
export const translations = pgTable(
  'translations',
  {
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    locale: text('locale').notNull(),
    value: text('value').notNull(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.key, t.locale] }),
    check('translations_locale_check', sql`${t.locale} in ${LOCALES_SQL}`),
    check('translations_key_check', sql`length(${t.key}) between 1 and 200`),
  ],
);
