import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { eventText } from '../../http/event-stream.ts';
import { NotifyStreamHub } from '../../http/notify-stream-hub.ts';

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

interface Scope {
  readonly venueId: number;
  readonly date: string;
}

/** The booking forms' streams of this instance and the NOTIFY subscription that feeds them. */
export class AvailabilityEvents extends NotifyStreamHub<Scope> {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(ctx: AppContext, log: FastifyBaseLogger) {
    super(ctx, log, AVAILABILITY_CHANNEL);
  }

  protected override readyData(scope: Scope): unknown {
    return { date: scope.date };
  }

  protected onNotify(payload: string): void {
    if (payload === '') {
      // The LISTEN link was (re)established: changes may have been missed, so every form refetches.
      this.broadcast(changed);
      return;
    }
    const [venuePart, date, expiresPart] = payload.split(':');
    const venueId = Number(venuePart);
    if (!Number.isInteger(venueId) || !date) return;
    this.announce(venueId, date);
    if (expiresPart) this.scheduleExpiry(venueId, date, Number(expiresPart));
  }

  private scheduleExpiry(venueId: number, date: string, expiresAtMs: number): void {
    if (!Number.isFinite(expiresAtMs) || this.closed) return;
    const delay = expiresAtMs - this.ctx.clock.now().getTime() + EXPIRY_GRACE_MS;
    if (delay > MAX_EXPIRY_DELAY_MS) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.announce(venueId, date);
      },
      Math.max(0, delay),
    );
    timer.unref();
    this.timers.add(timer);
  }

  private announce(venueId: number, date: string): void {
    this.broadcast(
      changed,
      (stream) => stream.venueId === venueId && (date === EVERY_DATE || stream.date === date),
    );
  }

  /** Ends every stream and forgets the lapses it was waiting for. */
  override closeAll(): void {
    this.closed = true;
    super.closeAll();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

/** A form hears only its own date, whatever the announcement named. */
function changed(stream: Scope): string {
  return eventText('availability-changed', { date: stream.date });
}
