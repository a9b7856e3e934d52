import type { RealtimePayload, RealtimeTopic } from '@sobremesa/contracts';
import { and, asc, eq, gt, lt, lte, sql } from 'drizzle-orm';
import { leanQuery } from '../../db/lean.ts';
import { queryRows } from '../../db/rows.ts';
import type { Executor, Transaction } from '../../db/database.ts';
import { realtimeEvents } from '../../db/schema/index.ts';

/**
 * The NOTIFY channel that announces new outbox rows. The payload carries the event itself (see
 * {@link NotifiedEvent}) so a feed sends it without reading the outbox; an event too large for a
 * notification is announced as `<venueId>:<seq>` only and read from the outbox.
 */
export const EVENTS_CHANNEL = 'sobremesa_events';

const EVENTS_COUNTER = 'realtime_events';

/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; below this the event travels whole, above it
 * only its venue and seq do.
 */
export const MAX_NOTIFY_EVENT_BYTES = 7_900;

/** An event as its NOTIFY carries it: venue, seq, topic, payload and creation time in epoch milliseconds. */
export interface NotifiedEvent {
  readonly v: number;
  readonly s: number;
  readonly t: string;
  readonly p: unknown;
  readonly a: number;
}

/** An event for the outbox: its topic and payload. */
export interface OutboxEvent<T extends RealtimeTopic = RealtimeTopic> {
  readonly topic: T;
  readonly payload: RealtimePayload<T>;
}

/** The events of one append as its SQL takes them: a JSON array, in the order they happened. */
export function outboxEventsParameter(events: readonly OutboxEvent[]): string {
  return JSON.stringify(events.map((event) => ({ t: event.topic, p: event.payload ?? null })));
}

/**
 * The outbox append as CTEs ending in `appended` (a row per event, with its `seq`), for the last statement
 * of a write that does more in it (the order's seal, decision 054), so its events cost no round trip of
 * their own. Its parameters are `$<first>` (venue) and `$<first + 1>` (the events,
 * `outboxEventsParameter`). The counter moves once by the number of events, which take the seqs up to it
 * in their order; with none, the counter is not touched and the venue is not locked.
 */
export function outboxAppendCtes(first: number): string {
  const [venue, events] = [first, first + 1].map((n) => `$${n}`);
  return `outbox_batch as (
  select e.ord, e.value->>'t' as topic, e.value->'p' as payload
  from jsonb_array_elements(${events}::jsonb) with ordinality as e(value, ord)
), outbox_counter as (
  insert into venue_counters (venue_id, name, value)
  select ${venue}, '${EVENTS_COUNTER}', count(*) from outbox_batch having count(*) > 0
  on conflict (venue_id, name) do update set value = venue_counters.value + excluded.value
  returning value
), outbox_event as (
  insert into realtime_events (venue_id, seq, topic, payload)
  select ${venue}, c.value - (select count(*) from outbox_batch) + b.ord, b.topic, b.payload
  from outbox_batch b cross join outbox_counter c
  order by b.ord
  returning seq, topic, payload, created_at
), outbox_message as (
  select seq, json_build_object(
    'v', ${venue}::int, 's', seq, 't', topic, 'p', payload,
    'a', floor(extract(epoch from created_at) * 1000)::bigint
  )::text as body
  from outbox_event
), appended as (
  select seq, pg_notify(
    '${EVENTS_CHANNEL}',
    case when octet_length(body) <= ${MAX_NOTIFY_EVENT_BYTES} then body else ${venue}::int || ':' || seq end
  ) as notified
  from (select * from outbox_message order by seq) as ordered
)`;
}

const APPEND_SQL = `with ${outboxAppendCtes(1)} select max(seq) as seq from appended`;

/**
 * Appends an event to the venue's outbox inside the changing transaction (RT-01), in ONE statement: the
 * counter row update allocates the next `seq` and holds a row lock until commit, so a concurrent writer
 * of the same venue waits and takes the next number (seqs are gapless and follow commit order); the same
 * statement inserts the row and queues the NOTIFY, which is delivered only if the transaction commits.
 * Called last before COMMIT, the venue's lock is held for this one round trip and the commit.
 */
export async function appendEvent<T extends RealtimeTopic>(
  tx: Transaction,
  venueId: number,
  topic: T,
  payload: RealtimePayload<T>,
): Promise<number> {
  const [row] = await leanQuery<{ seq: string | number }>(tx, 'outbox_append', APPEND_SQL, [
    venueId,
    outboxEventsParameter([{ topic, payload }]),
  ]);
  return Number(row?.seq);
}

/**
 * Reads a NOTIFY payload of {@link EVENTS_CHANNEL}: the whole event, or only venue and seq (an event too
 * large for a notification, or one announced by an older instance). `undefined` when it is neither.
 */
export function parseNotifiedEvent(
  payload: string,
): { venueId: number; seq: number; event?: NotifiedEvent } | undefined {
  if (payload.startsWith('{')) {
    try {
      const event = JSON.parse(payload) as NotifiedEvent;
      if (Number.isInteger(event.v) && Number.isInteger(event.s) && typeof event.t === 'string') {
        return { venueId: event.v, seq: event.s, event };
      }
    } catch {
      // Not ours: fall through.
    }
    return undefined;
  }
  const [venuePart, seqPart] = payload.split(':');
  const venueId = Number(venuePart);
  const seq = Number(seqPart);
  return Number.isInteger(venueId) && Number.isInteger(seq) ? { venueId, seq } : undefined;
}

/** The venue's latest committed sequence (0 before any event). */
export async function latestSeq(db: Executor, venueId: number): Promise<number> {
  const [resultRow] = await queryRows<{ value: string | number }>(
    db,
    sql`select value from venue_counters where venue_id = ${venueId} and name = ${EVENTS_COUNTER}`,
  );
  return Number(resultRow?.value ?? 0);
}

/** One stored outbox event. */
export type OutboxRow = typeof realtimeEvents.$inferSelect;

/** Events of a venue after `afterSeq` (and up to `upToSeq` when given), at most `limit`, in seq order. */
export function eventsAfter(
  db: Executor,
  venueId: number,
  afterSeq: number,
  limit: number,
  upToSeq?: number,
): Promise<OutboxRow[]> {
  return db
    .select()
    .from(realtimeEvents)
    .where(
      and(
        eq(realtimeEvents.venueId, venueId),
        gt(realtimeEvents.seq, afterSeq),
        upToSeq === undefined ? undefined : lte(realtimeEvents.seq, upToSeq),
      ),
    )
    .orderBy(asc(realtimeEvents.seq))
    .limit(limit);
}

/** Deletes events created before `before`. */
export async function deleteEventsBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(realtimeEvents).where(lt(realtimeEvents.createdAt, before));
}
