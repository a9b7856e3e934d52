import type { RealtimeEventEnvelope } from '@sobremesa/contracts';
import type { Database } from '../../db/database.ts';
import { eventsAfter, type NotifiedEvent, type OutboxRow } from './outbox.repository.ts';

/** Rows read from the outbox per query, when catching up or replaying. */
const PAGE_SIZE = 500;
/**
 * Recent events kept in memory, so a live event is read once per venue and instance rather than once
 * per socket, and a socket that fell a little behind catches up without a query.
 */
const BUFFER_SIZE = 1024;

/**
 * An outbox event serialised once, then sent as is on every socket of the venue. Kept as UTF-8 bytes:
 * ws would otherwise measure and encode the same string again on every socket.
 */
interface BufferedEvent {
  readonly seq: number;
  readonly message: Buffer;
}

/**
 * A socket as the feed sees it. The feed is the only writer of `lastSentSeq` after the handshake,
 * and sends it only `lastSentSeq + 1`: no event twice, none out of order, none skipped (RT-02).
 */
export interface FeedSubscriber {
  lastSentSeq: number;
  /** Whether a pump is running for this subscriber; there is never more than one. */
  pumping: boolean;
  readonly isOpen: boolean;
  /**
   * Sends one event, serialised JSON in UTF-8, as a text message; false when the socket can take no
   * more (it is then being closed).
   */
  deliver(seq: number, message: Buffer): boolean;
  /** The events after `lastSentSeq` are gone from the outbox: tell the client to refetch from `seq`. */
  resync(seq: number): void;
}

function serialise(row: OutboxRow): BufferedEvent {
  return serialiseEvent(row.seq, row.topic, row.payload, row.createdAt);
}

function serialiseEvent(seq: number, topic: string, payload: unknown, createdAt: Date): BufferedEvent {
  const event: RealtimeEventEnvelope = { type: 'event', seq, topic, payload, at: createdAt.toISOString() };
  return { seq, message: Buffer.from(JSON.stringify(event)) };
}

/**
 * One venue's outbox cursor on this instance. `head` is the highest seq received; the buffer holds the
 * events just before it, contiguous. A NOTIFY that carries the next event (`head + 1`) is taken as is,
 * without a query, so live events never wait for a database connection; anything else (a gap, an event
 * too large for a notification, a lost link, the safety poll) reads the outbox from `head`, in seq order.
 */
export class VenueFeed {
  private buffer: BufferedEvent[] = [];
  private readonly subscribers = new Set<FeedSubscriber>();
  private reading: Promise<void> | undefined;
  private readAgain = false;

  constructor(
    private readonly db: Database,
    readonly venueId: number,
    /** A seq known to be committed; the feed reads after it. */
    public head: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  get size(): number {
    return this.subscribers.size;
  }

  /** Starts streaming to a socket from its `lastSentSeq`, replaying from the outbox if it is behind. */
  add(subscriber: FeedSubscriber): void {
    this.subscribers.add(subscriber);
    void this.pump(subscriber);
  }

  remove(subscriber: FeedSubscriber): void {
    this.subscribers.delete(subscriber);
  }

  /**
   * Takes an event carried by its NOTIFY. Notifications arrive in commit order and a venue's seqs follow
   * commit order, so the next one is normally `head + 1` and goes out at once; an older one is already
   * here, and a gap (or a read in progress, which may be returning the same events) reads the outbox.
   */
  offer(event: NotifiedEvent): void {
    if (event.s <= this.head) return;
    if (this.reading || event.s !== this.head + 1) {
      void this.refresh();
      return;
    }
    this.buffer.push(serialiseEvent(event.s, event.t, event.p, new Date(event.a)));
    this.head = event.s;
    if (this.buffer.length > BUFFER_SIZE * 2) this.buffer = this.buffer.slice(-BUFFER_SIZE);
    for (const subscriber of this.subscribers)
      if (subscriber.lastSentSeq < this.head) void this.pump(subscriber);
  }

  /**
   * Reads what was committed after `head` and streams it. Calls while a read runs are folded into
   * one more read after it, so a burst of NOTIFYs costs two queries, not one per event.
   */
  refresh(): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    this.reading = (async () => {
      try {
        do {
          this.readAgain = false;
          await this.readNewEvents();
        } while (this.readAgain);
      } catch (error) {
        // The next NOTIFY or poll reads again from the same head; nothing is lost.
        this.onError(error);
      } finally {
        this.reading = undefined;
      }
    })();
    return this.reading;
  }

  private async readNewEvents(): Promise<void> {
    for (;;) {
      const rows = await eventsAfter(this.db, this.venueId, this.head, PAGE_SIZE);
      for (const row of rows) {
        // Seqs are gapless, so a jump means older events were pruned: the buffer restarts here, and a
        // socket that needed the missing ones finds out in `pump` and is told to resync.
        if (row.seq !== this.head + 1) this.buffer = [];
        this.buffer.push(serialise(row));
        this.head = row.seq;
      }
      if (this.buffer.length > BUFFER_SIZE) this.buffer = this.buffer.slice(-BUFFER_SIZE);
      // Also pumps sockets left behind by a failed replay query, not only when there is news.
      for (const subscriber of this.subscribers)
        if (subscriber.lastSentSeq < this.head) void this.pump(subscriber);
      if (rows.length < PAGE_SIZE) return;
    }
  }

  /**
   * Brings one socket up to `head`, from the buffer when it holds the next event (synchronously, so
   * live events go out in the tick they were read) or else from the outbox. At most one pump runs per
   * socket; a call while one runs is covered because the running pump re-checks `head` after each
   * query and returns only without awaiting once it has caught up.
   */
  private async pump(subscriber: FeedSubscriber): Promise<void> {
    if (subscriber.pumping) return;
    subscriber.pumping = true;
    try {
      while (subscriber.isOpen && subscriber.lastSentSeq < this.head) {
        const first = this.buffer[0];
        if (first && first.seq <= subscriber.lastSentSeq + 1) {
          for (let index = subscriber.lastSentSeq + 1 - first.seq; index < this.buffer.length; index++) {
            const event = this.buffer[index]!;
            if (!subscriber.deliver(event.seq, event.message)) return;
          }
          continue;
        }
        const rows = await eventsAfter(this.db, this.venueId, subscriber.lastSentSeq, PAGE_SIZE, this.head);
        if (!subscriber.isOpen) return;
        if (rows[0]?.seq !== subscriber.lastSentSeq + 1) {
          subscriber.resync(this.head);
          continue;
        }
        for (const row of rows) {
          if (row.seq !== subscriber.lastSentSeq + 1) break;
          const event = serialise(row);
          if (!subscriber.deliver(event.seq, event.message)) return;
        }
      }
    } catch (error) {
      // The socket stays where it was; the next refresh pumps it again.
      this.onError(error);
    } finally {
      subscriber.pumping = false;
    }
  }
}
