import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { EVENT_STREAM_HEARTBEAT_MS, eventText, startEventStream } from '../../http/event-stream.ts';

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

interface Stream {
  readonly venueId: number;
  readonly key: string;
  readonly response: ServerResponse;
}

/** The order streams of this instance and the NOTIFY subscription that feeds them. */
export class TakeawayEvents {
  private readonly streams = new Set<Stream>();
  private heartbeat: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.ctx.handle.listen(TAKEAWAY_CHANNEL, (payload) => this.onNotify(payload));
    this.heartbeat = setInterval(() => {
      for (const stream of this.streams) stream.response.write(': ping\n\n');
    }, EVENT_STREAM_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Streams open on this instance (tests and metrics). */
  get size(): number {
    return this.streams.size;
  }

  /** Starts streaming to a response whose headers the caller has not sent yet. */
  open(response: ServerResponse, scope: { venueId: number; key: string }): void {
    startEventStream(response, {});
    const stream: Stream = { ...scope, response };
    this.streams.add(stream);
    const forget = () => this.streams.delete(stream);
    response.on('close', forget);
    response.on('error', forget);
  }

  private onNotify(payload: string): void {
    if (payload === '') {
      // The LISTEN link was (re)established: a move may have been missed, so every page reads again.
      for (const stream of this.streams) this.write(stream, eventText('order-changed', {}));
      return;
    }
    const separator = payload.indexOf('|');
    const venueId = Number(payload.slice(0, separator));
    if (separator < 0 || !Number.isInteger(venueId)) return;
    const key = payload.slice(separator + 1);
    const text = eventText('order-changed', {});
    for (const stream of this.streams)
      if (stream.venueId === venueId && stream.key === key) this.write(stream, text);
  }

  private write(stream: Stream, text: string): void {
    try {
      stream.response.write(text);
    } catch (error) {
      this.log.debug({ err: error }, 'takeaway stream write failed');
      this.streams.delete(stream);
    }
  }

  /** Ends every stream (before the server closes, so shutdown is not held up by open streams). */
  closeAll(): void {
    for (const stream of this.streams) stream.response.end();
    this.streams.clear();
  }

  async stop(): Promise<void> {
    this.closeAll();
    if (this.heartbeat) clearInterval(this.heartbeat);
    await this.unlisten?.().catch(() => undefined);
  }
}
