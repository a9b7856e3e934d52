import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { VenueSettings } from '@sobremesa/contracts';
import { createdAt } from './columns.ts';

/** A venue (tenant). Reached by its subdomain of the base domain or by an exact custom host. */
export const venues = pgTable(
  'venues',
  {
    id: serial('id').primaryKey(),
    subdomain: text('subdomain').notNull(),
    customHost: text('custom_host'),
    businessName: text('business_name').notNull(),
    /** active | suspended: a suspended venue answers 423 VENUE_SUSPENDED (spec §8). */
    status: text('status').notNull().default('active'),
    isDefault: boolean('is_default').notNull().default(false),
    timeZone: text('time_zone').notNull().default('Europe/Madrid'),
    currency: text('currency').notNull().default('EUR'),
    defaultLocale: text('default_locale').notNull().default('es'),
    /** The spec's venue config document, validated by `venueSettingsSchema` on every write. */
    settings: jsonb('settings').$type<Partial<VenueSettings>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('venues_subdomain_key').on(t.subdomain),
    uniqueIndex('venues_custom_host_key').on(t.customHost),
    // At most one venue answers for localhost and private addresses.
    uniqueIndex('venues_single_default')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
    check('venues_status_check', sql`${t.status} in ('active', 'suspended')`),
    check('venues_subdomain_check', sql`${t.subdomain} ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'`),
  ],
);

/**
 * Per-venue counter rows for gapless sequences such as the realtime event `seq` (RT-01); invoice numbers
 * have their own per-series rows (`invoice_series`, REL-07). Incrementing the row inside the writing transaction both
 * allocates the number and serialises writers, so numbers are gapless and in commit order.
 */
export const venueCounters = pgTable(
  'venue_counters',
  {
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('venue_counters_pk').on(t.venueId, t.name)],
);
