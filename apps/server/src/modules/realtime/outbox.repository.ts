import { and, asc, eq, gt, lt, lte, sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import type { Executor, Transaction } from '../../db/database.ts';
import { realtimeEvents } from '../../db/schema/index.ts';

/** The NOTIFY channel that announces new outbox rows; the payload is `<venueId>:<seq>` only. */
export const EVENTS_CHANNEL = 'sobremesa_events';

const EVENTS_COUNTER = 'realtime_events';

/**
 * Appends an event to the venue's outbox inside the changing transaction (RT-01). The counter row
 * update both allocates the next `seq` and holds a row lock until commit, so a concurrent writer of
 * the same venue waits and takes the next number: seqs are gapless and follow commit order.
 * The NOTIFY is delivered only if the transaction commits.
 */
export async function appendEvent(
  tx: Transaction,
  venueId: number,
  topic: string,
  payload: unknown,
): Promise<number> {
  const [counterRow] = await queryRows<{ value: string | number }>(
    tx,
    sql`
    insert into venue_counters (venue_id, name, value) values (${venueId}, ${EVENTS_COUNTER}, 1)
    on conflict (venue_id, name) do update set value = venue_counters.value + 1
    returning value`,
  );
  const seq = Number(counterRow?.value);
  await tx.insert(realtimeEvents).values({ venueId, seq, topic, payload: payload ?? null });
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${`${venueId}:${seq}`})`);
  return seq;
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
