import type { Executor } from '../../db/database.ts';
import { deleteEventsBefore } from './outbox.repository.ts';

/**
 * What other modules use of realtime: `appendEvent(tx, venueId, topic, payload)` records a change staff
 * screens show inside the transaction that makes it (RT-01), its payload typed by its topic
 * (`REALTIME_EVENT_PAYLOADS` of the contracts, decision 063); the event gets the venue's next gapless
 * `seq` and reaches the venue's sockets once it commits. Modules never reach the outbox repository.
 */
export {
  appendEvent,
  outboxAppendCtes,
  outboxEventsParameter,
  type OutboxEvent,
} from './outbox.repository.ts';

/**
 * Events are kept a week: a tablet offline longer than that (or more than the replay bound behind)
 * gets `resync` and refetches, so older rows serve no one.
 */
export const REALTIME_EVENT_RETENTION_MS = 7 * 24 * 3600 * 1000;

/** Deletes events past their retention. */
export function pruneRealtimeEvents(db: Executor, now: Date): Promise<void> {
  return deleteEventsBefore(db, new Date(now.getTime() - REALTIME_EVENT_RETENTION_MS));
}
