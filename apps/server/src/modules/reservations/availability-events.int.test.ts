import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  call,
  givenStaff,
  givenVenue,
  hostOf,
  signIn,
  type TestApp,
} from '../../test/test-app.ts';
import { furnishVenue } from './reservations.fixtures.ts';

/**
 * Open booking forms see a time disappear when someone else takes it (issue 4 item 3; how fast is the
 * benches' to time), over a real port: Server-Sent Events of one date, fed by NOTIFY on commit, without personal data.
 */
let t: TestApp;
let port: number;
const venueIds = new Map<string, number>();

beforeAll(async () => {
  t = await buildTestApp();
  for (const subdomain of ['sse', 'ajena']) {
    const venue = await givenVenue(t, { subdomain });
    venueIds.set(subdomain, venue.id);
    await furnishVenue(t.ctx.db, venue.id, {
      rooms: [
        {
          name: 'Sala',
          tables: [
            { name: '1', minPax: 1, maxPax: 4 },
            { name: '2', minPax: 1, maxPax: 4 },
          ],
        },
      ],
    });
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  port = address.port;
});
afterAll(() => t.close());

interface SseEvent {
  event: string;
  data: unknown;
}

/** Opens a stream and collects its events until closed. */
function openStream(subdomain: string, query: string) {
  const events: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  let statusCode = 0;
  let headers: http.IncomingHttpHeaders = {};
  let buffer = '';
  let close = (): void => undefined;
  const opened = new Promise<void>((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: `/world/reservation/availability-events?${query}`,
        headers: { host: hostOf(subdomain) },
      },
      (response) => {
        statusCode = response.statusCode ?? 0;
        headers = response.headers;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (event && data) events.push({ event, data: JSON.parse(data) });
            for (const waiter of waiters.splice(0)) waiter();
          }
        });
        resolve();
      },
    );
    request.on('error', reject);
    close = () => request.destroy();
  });
  return {
    events,
    opened,
    get statusCode() {
      return statusCode;
    },
    get headers() {
      return headers;
    },
    close: () => close(),
    /** Waits until the events so far satisfy `predicate`: as long as the test's own timeout allows. */
    async waitFor(predicate: (events: SseEvent[]) => boolean): Promise<void> {
      while (!predicate(events)) await new Promise<void>((resolve) => waiters.push(resolve));
    },
  };
}

function register(subdomain: string, date: string, timeSlot: string, email: string) {
  return call(t, subdomain, {
    method: 'POST',
    url: '/world/reservation/register',
    payload: { date, timeSlot, pax: 2, name: 'Guest', email, consent: true },
  });
}

describe('availability events (Server-Sent Events)', () => {
  it('tells the forms of that date, live, that a time was taken; nobody else hears', async () => {
    const same = openStream('sse', 'date=2026-11-21');
    const otherDate = openStream('sse', 'date=2026-11-22');
    const otherVenue = openStream('ajena', 'date=2026-11-21');
    try {
      await Promise.all([same.opened, otherDate.opened, otherVenue.opened]);
      expect(same.statusCode).toBe(200);
      expect(same.headers['content-type']).toContain('text/event-stream');
      expect(same.headers['cache-control']).toBe('no-store');
      await same.waitFor((events) => events.some((e) => e.event === 'ready'));
      expect(same.events[0]).toMatchObject({ event: 'ready', data: { date: '2026-11-21' } });
      await otherDate.waitFor((events) => events.length > 0);
      await otherVenue.waitFor((events) => events.length > 0);

      const booked = await register('sse', '2026-11-21', '21:00', 'a@example.com');
      expect(booked.statusCode).toBe(201);
      await same.waitFor((events) => events.some((e) => e.event === 'availability-changed'));
      const changed = same.events.find((e) => e.event === 'availability-changed')!;
      // A hint, no personal data: only the date the form asked about.
      expect(changed.data).toEqual({ date: '2026-11-21' });

      // A hold and its release are changes too.
      const hold = await call(t, 'sse', {
        method: 'POST',
        url: '/world/reservation/hold',
        payload: { date: '2026-11-21', timeSlot: '13:00', pax: 2 },
      });
      expect(hold.statusCode).toBe(201);
      await same.waitFor((events) => events.filter((e) => e.event === 'availability-changed').length >= 2);
      await call(t, 'sse', {
        method: 'POST',
        url: '/world/reservation/releasehold',
        payload: { holdToken: hold.json().holdToken },
      });
      await same.waitFor((events) => events.filter((e) => e.event === 'availability-changed').length >= 3);

      // Nothing for the other date or venue: a change of their own, told after all of the above, is the
      // first thing each hears after 'ready' (a stream's events arrive in order).
      expect((await register('sse', '2026-11-22', '21:00', 'c@example.com')).statusCode).toBe(201);
      expect((await register('ajena', '2026-11-21', '21:00', 'd@example.com')).statusCode).toBe(201);
      for (const [stream, date] of [
        [otherDate, '2026-11-22'],
        [otherVenue, '2026-11-21'],
      ] as const) {
        await stream.waitFor((events) => events.length > 1);
        expect(stream.events).toEqual([
          { event: 'ready', data: { date } },
          { event: 'availability-changed', data: { date } },
        ]);
      }
    } finally {
      same.close();
      otherDate.close();
      otherVenue.close();
    }
  });

  it('a cancellation brings the time back to open forms', async () => {
    const booked = await register('sse', '2026-11-24', '20:00', 'b@example.com');
    const stream = openStream('sse', 'date=2026-11-24');
    try {
      await stream.opened;
      await stream.waitFor((events) => events.length > 0);
      const cancelled = await call(t, 'sse', {
        method: 'POST',
        url: '/world/reservation/canceldirect',
        payload: { reservationId: booked.json().reservation.id, uid: booked.json().uid },
      });
      expect(cancelled.statusCode).toBe(200);
      await stream.waitFor((events) => events.some((e) => e.event === 'availability-changed'));
    } finally {
      stream.close();
    }
  });

  it("an admin's change of the booking rules reaches the open forms of every date of that venue", async () => {
    await givenStaff(t, { venueId: venueIds.get('sse')!, email: 'admin@sse.test', isAdmin: true });
    const token = await signIn(t, 'sse', 'admin@sse.test');
    const streams = [
      openStream('sse', 'date=2026-11-25'),
      openStream('sse', 'date=2026-12-02'),
      openStream('ajena', 'date=2026-11-25'),
    ];
    try {
      await Promise.all(streams.map((stream) => stream.opened));
      await Promise.all(streams.map((stream) => stream.waitFor((events) => events.length > 0)));
      const saved = await call(t, 'sse', {
        method: 'POST',
        url: '/world/api/admin/bookings/rules',
        token,
        payload: {
          bookingRules: {
            stayRules: [{ fromPax: 1, minutes: 90 }],
            maxPartySize: null,
            bookingWindowDays: 60,
            closedDates: [{ date: '2026-11-25', name: 'Fiesta' }],
          },
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      for (const stream of streams.slice(0, 2)) {
        await stream.waitFor((events) => events.some((e) => e.event === 'availability-changed'));
      }
      const changed = streams[1]!.events.find((e) => e.event === 'availability-changed');
      expect(changed?.data).toEqual({ date: '2026-12-02' });
      // Not the other venue's form: a booking of its own, made after, is the first change it hears.
      expect((await register('ajena', '2026-11-25', '21:00', 'e@example.com')).statusCode).toBe(201);
      await streams[2]!.waitFor((events) => events.length > 1);
      expect(streams[2]!.events.map((e) => e.event)).toEqual(['ready', 'availability-changed']);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('refuses bad dates and unknown venues, and forgets closed streams', async () => {
    const bad = openStream('sse', 'date=tomorrow');
    await bad.opened;
    expect(bad.statusCode).toBe(400);
    bad.close();
    const extra = openStream('sse', 'date=2026-11-21&venueId=3');
    await extra.opened;
    expect(extra.statusCode).toBe(400);
    extra.close();
    const unknown = openStream('nadie', 'date=2026-11-21');
    await unknown.opened;
    expect(unknown.statusCode).toBe(404);
    unknown.close();

    const open = openStream('sse', 'date=2026-11-21');
    await open.opened;
    await open.waitFor((events) => events.length > 0);
    expect(t.app.availabilityEvents.size).toBe(1);
    open.close();
    // The server forgets the stream once it sees it closed: waited for, however long the machine takes.
    while (t.app.availabilityEvents.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  });
});
