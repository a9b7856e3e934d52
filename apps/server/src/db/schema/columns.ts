import { bigint, integer, timestamp } from 'drizzle-orm/pg-core';

/** Every tenant row carries its venue; foreign keys include it where a row could point into another venue. */
export const venueId = () => integer('venue_id').notNull();

/** Money is integer cents (REL-04); bigint so a year of takings never overflows, read as a JS number. */
export const moneyCents = (name: string) => bigint(name, { mode: 'number' });

/** Instants are timestamptz; the venue's zone is applied only when showing or grouping by service day. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Creation time, set by the database. */
export const createdAt = () => instant('created_at').notNull().defaultNow();
