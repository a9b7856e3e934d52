import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { EVENT_STREAM_HEARTBEAT_MS, eventText, startEventStream } from '../../http/event-stream.ts';

/**
 * The guest-safe live channel of open booking forms (decision 006). Guests have no staff WebSocket, so
 * each form opens a Server-Sent Events stream for the date it shows and receives a bare hint,
 * `availability-changed {date}`, whenever a booking, hold, cancellation or change touches that date; it
 * then refetches checkavailability. No personal data, no ids: only the date it asked about.
 *
 * Fan-out uses NOTIFY like the staff outbox: a writing transaction calls {@link notifyAvailability}, the
 * notification is delivered on commit to every instance (PGlite in-process; PostgreSQL through the
 * dedicated LISTEN connection), and each instance writes to its own streams. A hold also announces when
 * it lapses, so forms see the time come back without anyone booking.
 */
export const AVAILABILITY_CHANNEL = 'sobremesa_availability';

/** The `date` of an announcement that concerns every date: the venue's booking rules changed. */
export const EVERY_DATE = '*';

/** Streams a single address may keep open on one instance (a page, a few tabs, an embedded widget). */
export const MAX_STREAMS_PER_ADDRESS = 16;
/** A lapsed hold is announced this long after its expiry, once the next read no longer sees it. */
const EXPIRY_GRACE_MS = 250;
/** Holds are never longer than this; a timer further out is a clock problem, not a hold. */
const MAX_EXPIRY_DELAY_MS = 30 * 60_000;

/**
 * Announces (on commit) that availability of `date` changed in the venue; `holdExpiresAt` also schedules
 * an announcement when that hold lapses.
 */
export async function notifyAvailability(
  tx: Executor,
  venueId: number,
  date: string,
  holdExpiresAt?: Date,
): Promise<void> {
  const payload = `${venueId}:${date}${holdExpiresAt ? `:${holdExpiresAt.getTime()}` : ''}`;
  await tx.execute(sql`select pg_notify(${AVAILABILITY_CHANNEL}, ${payload})`);
}

interface Stream {
  readonly venueId: number;
  readonly date: string;
  readonly response: ServerResponse;
}

/** The streams of this instance and the NOTIFY subscription that feeds them. */
export class AvailabilityEvents {
  private readonly streams = new Set<Stream>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private heartbeat: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private closed = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.ctx.handle.listen(AVAILABILITY_CHANNEL, (payload) => this.onNotify(payload));
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
  open(response: ServerResponse, scope: { venueId: number; date: string }): void {
    startEventStream(response, { date: scope.date });
    const stream: Stream = { ...scope, response };
    this.streams.add(stream);
    const forget = () => this.streams.delete(stream);
    response.on('close', forget);
    response.on('error', forget);
  }

  private onNotify(payload: string): void {
    if (payload === '') {
      // The LISTEN link was (re)established: changes may have been missed, so every form refetches.
      for (const stream of this.streams) this.send(stream);
      return;
    }
    const [venuePart, date, expiresPart] = payload.split(':');
    const venueId = Number(venuePart);
    if (!Number.isInteger(venueId) || !date) return;
    this.broadcast(venueId, date);
    if (expiresPart) this.scheduleExpiry(venueId, date, Number(expiresPart));
  }

  private scheduleExpiry(venueId: number, date: string, expiresAtMs: number): void {
    if (!Number.isFinite(expiresAtMs) || this.closed) return;
    const delay = expiresAtMs - this.ctx.clock.now().getTime() + EXPIRY_GRACE_MS;
    if (delay > MAX_EXPIRY_DELAY_MS) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.broadcast(venueId, date);
      },
      Math.max(0, delay),
    );
    timer.unref();
    this.timers.add(timer);
  }

  private broadcast(venueId: number, date: string): void {
    for (const stream of this.streams) {
      if (stream.venueId === venueId && (date === EVERY_DATE || stream.date === date)) this.send(stream);
    }
  }

  private send(stream: Stream): void {
    try {
      stream.response.write(eventText('availability-changed', { date: stream.date }));
    } catch (error) {
      this.log.debug({ err: error }, 'availability stream write failed');
      this.streams.delete(stream);
    }
  }

  /** Ends every stream (before the server closes, so shutdown is not held up by open streams). */
  closeAll(): void {
    this.closed = true;
    for (const stream of this.streams) stream.response.end();
    this.streams.clear();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  async stop(): Promise<void> {
    this.closeAll();
    if (this.heartbeat) clearInterval(this.heartbeat);
    await this.unlisten?.().catch(() => undefined);
  }
}
