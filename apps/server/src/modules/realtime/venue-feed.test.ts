import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { parseNotifiedEvent, type NotifiedEvent, type OutboxRow } from './outbox.repository.ts';
import { VenueFeed, type FeedSubscriber } from './venue-feed.ts';

const AT = Date.parse('2026-11-20T12:00:00.123Z');

/** A database whose only query, the outbox read, answers `rows` the first time and nothing new after. */
function outboxOf(rows: OutboxRow[]) {
  const reads = { count: 0 };
  const db = {
    select() {
      const chain = {
        from: () => chain,
        where: () => chain,
        orderBy: () => chain,
        limit: () => Promise.resolve(reads.count++ === 0 ? rows : []),
      };
      return chain;
    },
  } as unknown as Database;
  return { db, reads };
}

function row(seq: number): OutboxRow {
  return { venueId: 1, seq, topic: 'order.created', payload: { seq }, createdAt: new Date(AT) };
}

function notified(seq: number): NotifiedEvent {
  return { v: 1, s: seq, t: 'order.created', p: { seq }, a: AT };
}

class Screen implements FeedSubscriber {
  pumping = false;
  readonly isOpen = true;
  readonly seqs: number[] = [];
  readonly messages: Buffer[] = [];
  constructor(public lastSentSeq: number) {}
  deliver(seq: number, message: Buffer): boolean {
    this.seqs.push(seq);
    this.messages.push(message);
    this.lastSentSeq = seq;
    return true;
  }
  resync(seq: number): void {
    this.lastSentSeq = seq;
  }
}

describe('parseNotifiedEvent', () => {
  it('reads a whole event, a bare venue and seq, and nothing else', () => {
    expect(parseNotifiedEvent(JSON.stringify(notified(7)))).toEqual({
      venueId: 1,
      seq: 7,
      event: notified(7),
    });
    expect(parseNotifiedEvent('3:42')).toEqual({ venueId: 3, seq: 42 });
    expect(parseNotifiedEvent('{not json')).toBeUndefined();
    expect(parseNotifiedEvent('{"v":"1","s":2,"t":"x"}')).toBeUndefined();
    expect(parseNotifiedEvent('venue:seq')).toBeUndefined();
  });
});

describe('VenueFeed.offer', () => {
  it('sends the next event to every socket at once, without reading the outbox, as the outbox row would read', () => {
    const { db, reads } = outboxOf([]);
    const feed = new VenueFeed(db, 1, 4, (error) => {
      throw error;
    });
    const screens = [new Screen(4), new Screen(4)];
    // Up to date when added: no replay, so no read.
    for (const screen of screens) feed.add(screen);
    feed.offer(notified(5));
    feed.offer(notified(6));
    feed.offer(notified(5)); // an old one again: already sent
    expect(reads.count).toBe(0);
    for (const screen of screens) expect(screen.seqs).toEqual([5, 6]);
    expect(JSON.parse(screens[0]!.messages[0]!.toString('utf8'))).toEqual({
      type: 'event',
      seq: 5,
      topic: 'order.created',
      payload: { seq: 5 },
      at: '2026-11-20T12:00:00.123Z',
    });
    expect(feed.head).toBe(6);
  });

  it('serialises each event once for the venue: every socket is handed the same bytes', () => {
    const { db } = outboxOf([]);
    const feed = new VenueFeed(db, 1, 4, (error) => {
      throw error;
    });
    const screens = [new Screen(4), new Screen(4), new Screen(4)];
    for (const screen of screens) feed.add(screen);
    feed.offer(notified(5));
    const [first, ...others] = screens.map((screen) => screen.messages[0]);
    for (const message of others) expect(message).toBe(first);
  });

  it('reads the outbox when a notified event is not the next one, and sends the gap in order', async () => {
    const { db, reads } = outboxOf([row(5), row(6), row(7)]);
    const feed = new VenueFeed(db, 1, 4, (error) => {
      throw error;
    });
    const screen = new Screen(4);
    feed.add(screen);
    feed.offer(notified(7));
    expect(screen.seqs).toEqual([]);
    await feed.refresh();
    expect(reads.count).toBeGreaterThan(0);
    expect(screen.seqs).toEqual([5, 6, 7]);
    expect(feed.head).toBe(7);
  });
});
