import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { eventText } from '../../http/event-stream.ts';
import { NotifyStreamHub } from '../../http/notify-stream-hub.ts';

/**
 * The guest's live order page (issue 27, decision 041). A guest follows one order: the page holds a
 * Server-Sent Events stream named by the order's `liveKey` and gets `order-changed` whenever staff or
 * the kitchen move it, then reads the order again with its status link (a POST body, never a URL). The
 * key is a hash of the stored hash of the link: knowing it tells when an order changed, nothing more.
 * Fan-out is NOTIFY on commit, like the menu's stream (decision 014), so every instance hears it.
 */
export const TAKEAWAY_CHANNEL = 'sobremesa_takeaway';

/** Streams one address may keep open on one instance (a household following two orders, a few tabs). */
export const MAX_TAKEAWAY_STREAMS_PER_ADDRESS = 16;

/** The live key of an order, from the SHA-256 of its status link that the table keeps (SEC-09). */
export function takeawayLiveKey(statusTokenHash: string): string {
  return createHash('sha256').update(`takeaway-live:${statusTokenHash}`).digest('hex').slice(0, 32);
}

/** Announces (on commit) that an order changed, to the pages following it. */
export async function notifyTakeawayChanged(
  tx: Executor,
  venueId: number,
  statusTokenHash: string,
): Promise<void> {
  await tx.execute(
    sql`select pg_notify(${TAKEAWAY_CHANNEL}, ${`${venueId}|${takeawayLiveKey(statusTokenHash)}`})`,
  );
}

/** The order streams of this instance and the NOTIFY subscription that feeds them. */
export class TakeawayEvents extends NotifyStreamHub<{ venueId: number; key: string }> {
  constructor(ctx: AppContext, log: FastifyBaseLogger) {
    super(ctx, log, TAKEAWAY_CHANNEL);
  }

  protected onNotify(payload: string): void {
    const text = eventText('order-changed', {});
    if (payload === '') {
      // The LISTEN link was (re)established: a move may have been missed, so every page reads again.
      this.broadcast(text);
      return;
    }
    const separator = payload.indexOf('|');
    const venueId = Number(payload.slice(0, separator));
    if (separator < 0 || !Number.isInteger(venueId)) return;
    const key = payload.slice(separator + 1);
    this.broadcast(text, (stream) => stream.venueId === venueId && stream.key === key);
  }
}
