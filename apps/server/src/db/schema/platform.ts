import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, instant, venueId } from './columns.ts';
import { venues } from './venues.ts';

/**
 * The realtime outbox (RT-01): every change a staff screen shows writes one row here in the changing
 * transaction. `seq` is per venue, gapless and in commit order (allocated from `venue_counters`).
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.seq] }), index('realtime_events_created_idx').on(t.createdAt)],
);

/**
 * Stored replies of retriable writes (REL-03). The key is scoped to venue and actor; the request hash
 * tells a replay from a reuse of the key with another body (422).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    actor: text('actor').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.actor, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * Append-only audit log of sensitive actions (SEC-11): who, in which role, what, before and after.
 * A trigger (migration) rejects UPDATE and DELETE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id),
    actorUserId: integer('actor_user_id'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_venue_idx').on(t.venueId, t.createdAt)],
);

/**
 * Fixed-window counters for rate limits (SEC-04), in the database so every server instance shares them.
 * `key` names the limit and its subject (for example `login:ip:203.0.113.9`).
 */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text('key').notNull(),
    windowStart: instant('window_start').notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    check('rate_limit_hits_check', sql`${t.hits} >= 0`),
  ],
);
