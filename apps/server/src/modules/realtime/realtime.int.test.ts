import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { CLOSE_CODES, REALTIME_PATH, REALTIME_PROTOCOL_VERSION } from '@sobremesa/contracts';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copilotRoles } from '../../db/schema/index.ts';
import {
  buildTestApp,
  call,
  givenStaff,
  givenVenue,
  hostOf,
  signIn,
  type TestApp,
} from '../../test/test-app.ts';
import { SESSION_ABSOLUTE_MS } from '../users/users.service.ts';
import type { Database, Transaction } from '../../db/database.ts';
import { eventsAfter, MAX_NOTIFY_EVENT_BYTES } from './outbox.repository.ts';
import { TestSocket } from './realtime-test-socket.ts';
import { appendEvent } from './realtime.service.ts';

/** The transport under test carries any topic: these tests append topics of their own. */
const appendTestEvent = appendEvent as (
  tx: Transaction,
  venueId: number,
  topic: string,
  payload: unknown,
) => Promise<number>;

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp();
  port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
});
afterAll(() => t.close());

/** A venue of its own for each test, so sequences start at 1 and tests do not see each other's events. */
async function givenSignedInStaff(
  subdomain: string,
  account: { copilotEnabled?: boolean; roleIds?: number[] } = {},
) {
  const venue = await givenVenue(t, { subdomain });
  const email = `sala@${subdomain}.test`;
  const user = await givenStaff(t, { venueId: venue.id, email, ...account });
  return { venue, user, host: hostOf(subdomain), token: await signIn(t, subdomain, email) };
}

/** The server's end of the next socket opened to `host`, taken from the upgrade as ws takes it. */
function serverEndOf(host: string): Promise<Duplex> {
  return new Promise((resolve) => {
    const onUpgrade = (request: IncomingMessage, socket: Duplex) => {
      if (request.headers.host !== host) return;
      t.app.server.off('upgrade', onUpgrade);
      resolve(socket);
    };
    t.app.server.on('upgrade', onUpgrade);
  });
}

/** Counts the writes a stream hands on to the kernel: each is one system call. */
function countWrites(stream: Duplex): { count: number } {
  const writes = { count: 0 };
  const write = stream._write.bind(stream);
  const writev = stream._writev?.bind(stream);
  stream._write = (...args) => {
    writes.count++;
    write(...args);
  };
  if (writev)
    stream._writev = (...args) => {
      writes.count++;
      writev(...args);
    };
  return writes;
}

async function rename(subdomain: string, token: string, userName: string): Promise<void> {
  const response = await call(t, subdomain, {
    method: 'POST',
    url: '/world/api/user/update-user-name',
    token,
    payload: { userName },
  });
  expect(response.statusCode).toBe(200);
}

describe('streaming', () => {
  it('welcomes an authenticated socket and streams changes made through the API, in order', async () => {
    const staff = await givenSignedInStaff('stream');
    const { socket, welcome } = await TestSocket.connect(port, staff.host, { token: staff.token });
    expect(welcome).toEqual({ type: 'welcome', v: REALTIME_PROTOCOL_VERSION, seq: 0 });

    for (const name of ['Ana', 'Bea', 'Carla']) await rename('stream', staff.token, name);

    const events = await socket.events(3);
    expect(events.map((event) => [event.seq, event.topic, event.payload])).toEqual([
      [1, 'staff.user.renamed', { userId: staff.user.id, name: 'Ana' }],
      [2, 'staff.user.renamed', { userId: staff.user.id, name: 'Bea' }],
      [3, 'staff.user.renamed', { userId: staff.user.id, name: 'Carla' }],
    ]);
    expect(Number.isNaN(Date.parse(events[0]!.at))).toBe(false);

    socket.send({ type: 'ping' });
    expect(await socket.next()).toEqual({ type: 'pong' });
    await socket.close();
  });

  it('gives N concurrent writes the seqs 1..N without gaps and streams each exactly once (RT-01)', async () => {
    const staff = await givenSignedInStaff('gapless');
    const { socket } = await TestSocket.connect(port, staff.host, { token: staff.token });
    const writes = 25;

    await Promise.all(
      Array.from({ length: writes }, (_, index) => rename('gapless', staff.token, `Nombre ${index}`)),
    );

    const stored = await eventsAfter(t.ctx.db, staff.venue.id, 0, 1000);
    expect(stored.map((row) => row.seq)).toEqual(Array.from({ length: writes }, (_, index) => index + 1));
    const events = await socket.events(writes);
    expect(events.map((event) => event.seq)).toEqual(stored.map((row) => row.seq));
    // Each event carries the name its own transaction wrote: seq order is commit order.
    expect(events.map((event) => event.payload)).toEqual(stored.map((row) => row.payload));
    await socket.close();
    expect(socket.unread()).toEqual([]);
  });

  it('sends each event as the outbox stores it, an event too large for a notification included, in order', async () => {
    const staff = await givenSignedInStaff('grande');
    const { socket } = await TestSocket.connect(port, staff.host, { token: staff.token });
    const large = 'x'.repeat(MAX_NOTIFY_EVENT_BYTES + 100);
    for (const payload of [{ n: 1 }, { n: 2, large }, { n: 3 }, { n: 4, large }, { n: 5 }]) {
      await t.ctx.db.transaction((tx) => appendTestEvent(tx, staff.venue.id, 'test.size', payload));
    }
    const events = await socket.events(5);
    const stored = await eventsAfter(t.ctx.db, staff.venue.id, 0, 10);
    // Carried in the NOTIFY or read from the outbox, the message is the same: seq, topic, payload, time.
    expect(events).toEqual(
      stored.map((row) => ({
        type: 'event',
        seq: row.seq,
        topic: row.topic,
        payload: row.payload,
        at: row.createdAt.toISOString(),
      })),
    );
    expect(events.map((event) => (event.payload as { n: number }).n)).toEqual([1, 2, 3, 4, 5]);
    await socket.close();
  });

  it('sends the events of one commit as separate text messages, in order, in one write to the socket', async () => {
    const staff = await givenSignedInStaff('lote');
    const serverEnd = serverEndOf(staff.host);
    const { socket } = await TestSocket.connect(port, staff.host, { token: staff.token });
    const writes = countWrites(await serverEnd);
    const binary: boolean[] = [];
    socket.ws.on('message', (_data, isBinary) => binary.push(isBinary));

    // As an order of a printing venue commits its station tickets and `order.created` together.
    await t.ctx.db.transaction(async (tx) => {
      await appendTestEvent(tx, staff.venue.id, 'test.tickets', { n: 1 });
      await appendTestEvent(tx, staff.venue.id, 'test.order', { n: 2 });
    });
    const events = await socket.events(2);
    expect(events.map((event) => [event.seq, event.topic, event.payload])).toEqual([
      [1, 'test.tickets', { n: 1 }],
      [2, 'test.order', { n: 2 }],
    ]);
    expect(binary).toEqual([false, false]);
    expect(writes.count).toBe(1);
    await socket.close();
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'streams an event while every connection of the request pool is taken',
    async () => {
      const staff = await givenSignedInStaff('lleno');
      const { socket } = await TestSocket.connect(port, staff.host, { token: staff.token });
      // Every connection of the requests' pool held in an open transaction.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let started = 0;
      let allStarted!: () => void;
      const saturated = new Promise<void>((resolve) => (allStarted = resolve));
      const holders = Array.from({ length: 10 }, () =>
        t.ctx.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          if (++started === 10) allStarted();
          await gate;
        }),
      );
      await saturated;
      // A write from another process's connection, as a second instance would make it.
      const client = new pg.Client({ connectionString: t.database.url });
      await client.connect();
      try {
        const other = drizzle({ client }) as unknown as Database;
        await other.transaction((tx) => appendTestEvent(tx, staff.venue.id, 'test.busy', { busy: true }));
        const [event] = await socket.events(1);
        expect(event).toMatchObject({ seq: 1, topic: 'test.busy', payload: { busy: true } });
        expect(started).toBe(10);
      } finally {
        release();
        await Promise.all(holders);
        await client.end();
      }
      await socket.close();
    },
  );

  it('sends a heartbeat with the last seq, and terminates a peer that stops answering pings', async () => {
    const staff = await givenSignedInStaff('beat');
    const { socket } = await TestSocket.connect(port, staff.host, { token: staff.token });
    await rename('beat', staff.token, 'Latido');
    await socket.events(1);

    const silent = await TestSocket.open(port, staff.host, { autoPong: false });
    silent.hello({ token: staff.token });
    expect((await silent.next()).type).toBe('welcome');

    await t.app.realtime.heartbeat();
    expect(await socket.next()).toEqual({ type: 'heartbeat', seq: 1 });
    expect(await silent.next()).toEqual({ type: 'heartbeat', seq: 1 });

    // The answering socket stays; the silent one is cut at the next beat.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await t.app.realtime.heartbeat();
    expect((await silent.closedWithin()).code).toBe(1006);
    expect(await socket.next()).toEqual({ type: 'heartbeat', seq: 1 });
    await socket.close();
  });
});

describe('back-pressure', () => {
  it('closes a socket that stops reading with 1013, and keeps streaming to one that reads', async () => {
    const staff = await givenSignedInStaff('lento');
    const { socket: reading } = await TestSocket.connect(port, staff.host, { token: staff.token });
    const { clients } = t.app.websocketServer;
    const others = new Set(clients);
    const { socket: stalled } = await TestSocket.connect(port, staff.host, { token: staff.token });
    const stalledOnServer = [...clients].find((ws) => !others.has(ws))!;
    stalled.ws.pause();
    // Several events per commit, each under a batch's limit: the hub holds and lets go batches while
    // the stalled socket's backlog grows, until past 4 MB beyond what the kernel took it gives up.
    const payload = { filler: 'x'.repeat(32 * 1024) };
    const perCommit = 8;
    let commits = 0;
    while (stalledOnServer.readyState === stalledOnServer.OPEN) {
      expect(commits, 'still streaming to the stalled socket after 32 MB').toBeLessThan(128);
      await t.ctx.db.transaction(async (tx) => {
        for (let index = 0; index < perCommit; index++)
          await appendTestEvent(tx, staff.venue.id, 'test.backlog', payload);
      });
      commits++;
      await reading.events(perCommit);
    }
    expect(reading.closeInfo).toBeUndefined();
    stalled.ws.resume();
    expect(await stalled.closedWithin()).toEqual({ code: 1013, reason: 'too far behind' });
    await t.ctx.db.transaction((tx) => appendTestEvent(tx, staff.venue.id, 'test.after', { n: 1 }));
    const [after] = await reading.events(1);
    expect(after).toMatchObject({ seq: commits * perCommit + 1, topic: 'test.after' });
    await reading.close();
  });
});

describe('resuming (RT-02)', () => {
  it('replays exactly the missed events to a client that reconnects with its last seq', async () => {
    const staff = await givenSignedInStaff('resume');
    const first = await TestSocket.connect(port, staff.host, { token: staff.token });
    await rename('resume', staff.token, 'Uno');
    const [seen] = await first.socket.events(1);
    await first.socket.close();

    for (const name of ['Dos', 'Tres', 'Cuatro']) await rename('resume', staff.token, name);

    const again = await TestSocket.connect(port, staff.host, { token: staff.token, lastSeq: seen!.seq });
    expect(again.welcome.seq).toBe(4);
    const missed = await again.socket.events(3);
    expect(missed.map((event) => [event.seq, (event.payload as { name: string }).name])).toEqual([
      [2, 'Dos'],
      [3, 'Tres'],
      [4, 'Cuatro'],
    ]);
    await rename('resume', staff.token, 'Cinco');
    expect((await again.socket.events(1)).map((event) => event.seq)).toEqual([5]);
    await again.socket.close();
    expect(again.socket.unread()).toEqual([]);
  });

  it('keeps order and skips nothing when live events arrive during a replay', async () => {
    const staff = await givenSignedInStaff('overlap');
    for (let index = 0; index < 30; index++) await rename('overlap', staff.token, `Antes ${index}`);

    const socket = await TestSocket.open(port, staff.host);
    socket.hello({ token: staff.token, lastSeq: 0 });
    const live = Promise.all(
      Array.from({ length: 20 }, (_, index) => rename('overlap', staff.token, `Durante ${index}`)),
    );
    expect((await socket.next()).type).toBe('welcome');
    await live;

    const events = await socket.events(50);
    expect(events.map((event) => event.seq)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    await socket.close();
    expect(socket.unread()).toEqual([]);
  });

  it('leaves every client identical when sockets are cut at random during a stream of events', async () => {
    const staff = await givenSignedInStaff('cortes');
    const total = 300;
    const clients = Array.from({ length: 3 }, () => ({ lastSeq: 0, applied: [] as number[], reconnects: 0 }));

    async function follow(client: (typeof clients)[number]): Promise<void> {
      while (client.lastSeq < total) {
        const { socket } = await TestSocket.connect(port, staff.host, {
          token: staff.token,
          lastSeq: client.lastSeq,
        });
        const cutAfter = 1 + Math.floor(Math.random() * 40);
        try {
          for (let read = 0; read < cutAfter && client.lastSeq < total; read++) {
            const message = await socket.next();
            if (message.type !== 'event') continue;
            // One socket never repeats or skips: the next event is always the one after the last.
            expect(message.seq).toBe(client.lastSeq + 1);
            client.applied.push(message.seq);
            client.lastSeq = message.seq;
          }
        } finally {
          socket.ws.terminate();
        }
        client.reconnects += 1;
      }
    }

    const following = Promise.all(clients.map(follow));
    for (let index = 0; index < total; index++) {
      await t.ctx.db.transaction((tx) => appendTestEvent(tx, staff.venue.id, 'test.cut', { index }));
    }
    await following;

    const all = Array.from({ length: total }, (_, index) => index + 1);
    for (const client of clients) {
      expect(client.applied).toEqual(all);
      expect(client.reconnects).toBeGreaterThan(total / 40);
    }
  });

  it('answers resync when the client is ahead of the venue, or further behind than replay allows', async () => {
    const staff = await givenSignedInStaff('ahead');
    await rename('ahead', staff.token, 'Uno');

    const ahead = await TestSocket.connect(port, staff.host, { token: staff.token, lastSeq: 7 });
    expect(ahead.welcome.seq).toBe(1);
    expect(await ahead.socket.next()).toEqual({ type: 'resync', seq: 1 });
    await ahead.socket.close();

    await t.ctx.db.transaction(async (tx) => {
      for (let index = 0; index < 1_002; index++)
        await appendTestEvent(tx, staff.venue.id, 'test.bulk', { index });
    });
    const behind = await TestSocket.connect(port, staff.host, { token: staff.token, lastSeq: 1 });
    expect(await behind.socket.next()).toEqual({ type: 'resync', seq: 1_003 });
    // After the resync the stream simply continues.
    await rename('ahead', staff.token, 'Dos');
    expect((await behind.socket.events(1)).map((event) => event.seq)).toEqual([1_004]);
    await behind.socket.close();
  });

  it('answers resync when the events after the client seq are no longer kept', async () => {
    const staff = await givenSignedInStaff('pruned');
    for (const name of ['Uno', 'Dos', 'Tres', 'Cuatro']) await rename('pruned', staff.token, name);
    await t.ctx.db.execute(sql`delete from realtime_events where venue_id = ${staff.venue.id} and seq <= 2`);

    const { socket } = await TestSocket.connect(port, staff.host, { token: staff.token, lastSeq: 1 });
    expect(await socket.next()).toEqual({ type: 'resync', seq: 4 });
    await rename('pruned', staff.token, 'Cinco');
    expect((await socket.events(1)).map((event) => event.seq)).toEqual([5]);
    await socket.close();
  });
});

describe('handshake security', () => {
  it('refuses a foreign Origin before upgrading, and accepts the venue own origin (SEC-07)', async () => {
    const staff = await givenSignedInStaff('origen');
    await expect(TestSocket.open(port, staff.host, { origin: 'https://evil.example' })).rejects.toThrow(
      'upgrade refused: 403',
    );
    await expect(TestSocket.open(port, staff.host, { origin: 'null' })).rejects.toThrow(
      'upgrade refused: 403',
    );
    await expect(TestSocket.open(port, staff.host, { origin: 'http://otra.sobremesa.test' })).rejects.toThrow(
      'upgrade refused: 403',
    );
    const own = await TestSocket.open(port, staff.host, { origin: `http://${staff.host}` });
    own.hello({ token: staff.token });
    expect((await own.next()).type).toBe('welcome');
    await own.close();
  });

  it('refuses the upgrade for an unknown venue, and closes the connection itself', async () => {
    await expect(TestSocket.open(port, hostOf('nadie'))).rejects.toThrow('upgrade refused: 404');

    // A client that keeps its end open must not hold a connection on the server.
    const raw = net.connect(port, '127.0.0.1');
    let response = '';
    raw.on('data', (chunk) => (response += String(chunk)));
    const ended = new Promise<void>((resolve) => raw.on('close', () => resolve()));
    raw.write(
      [
        `GET ${REALTIME_PATH} HTTP/1.1`,
        `Host: ${hostOf('nadie')}`,
        'Connection: Upgrade',
        'Upgrade: websocket',
        'Sec-WebSocket-Version: 13',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        '',
        '',
      ].join('\r\n'),
    );
    await ended;
    expect(response).toMatch(/^HTTP\/1\.1 404/);
  });

  it('closes with 4401 a hello without a token or with an invalid one', async () => {
    await givenSignedInStaff('token');
    for (const hello of [
      { type: 'hello', v: REALTIME_PROTOCOL_VERSION },
      { type: 'hello', v: REALTIME_PROTOCOL_VERSION, token: '' },
      { type: 'hello', v: REALTIME_PROTOCOL_VERSION, token: 'not-a-real-token' },
    ]) {
      const socket = await TestSocket.open(port, hostOf('token'));
      socket.send(hello);
      expect(await socket.closedWithin()).toMatchObject({ code: CLOSE_CODES.unauthenticated });
      expect(socket.received.some((message) => message.type === 'welcome')).toBe(false);
    }
  });

  it('closes with 4403 staff without copilot access and a role the user does not have', async () => {
    const admin = await givenSignedInStaff('sincopilot', { copilotEnabled: false });
    const socket = await TestSocket.open(port, admin.host);
    socket.hello({ token: admin.token });
    expect((await socket.closedWithin()).code).toBe(CLOSE_CODES.forbidden);

    const venue = await givenVenue(t, { subdomain: 'roles' });
    const [sala, cocina] = await t.ctx.db
      .insert(copilotRoles)
      .values([
        { venueId: venue.id, name: 'Sala', view: 'Sala' },
        { venueId: venue.id, name: 'Cocina', view: 'Cocina' },
      ])
      .returning();
    await givenStaff(t, { venueId: venue.id, email: 'sala@roles.test', roleIds: [sala!.id] });
    const token = await signIn(t, 'roles', 'sala@roles.test');
    const wrongRole = await TestSocket.open(port, hostOf('roles'));
    wrongRole.hello({ token, roleId: cocina!.id });
    expect((await wrongRole.closedWithin()).code).toBe(CLOSE_CODES.forbidden);
    const ownRole = await TestSocket.connect(port, hostOf('roles'), { token, roleId: sala!.id });
    await ownRole.socket.close();
  });

  it('refuses another venue token, and never streams one venue events to another (SEC-01)', async () => {
    const a = await givenSignedInStaff('venuea');
    const b = await givenSignedInStaff('venueb');
    const foreign = await TestSocket.open(port, a.host);
    foreign.hello({ token: b.token });
    expect((await foreign.closedWithin()).code).toBe(CLOSE_CODES.unauthenticated);

    const onA = await TestSocket.connect(port, a.host, { token: a.token });
    const onB = await TestSocket.connect(port, b.host, { token: b.token });
    await rename('venueb', b.token, 'Solo B');
    await rename('venueb', b.token, 'Solo B otra vez');
    await rename('venuea', a.token, 'Solo A');

    expect((await onA.socket.events(1)).map((event) => event.payload)).toEqual([
      { userId: a.user.id, name: 'Solo A' },
    ]);
    expect((await onB.socket.events(2)).map((event) => event.seq)).toEqual([1, 2]);
    await onA.socket.close();
    await onB.socket.close();
    expect(onA.socket.unread()).toEqual([]);
  });

  it('closes the sockets of a session at logout with 4409, and only those (SEC-05)', async () => {
    const staff = await givenSignedInStaff('salida');
    const otherSessionToken = await signIn(t, 'salida', 'sala@salida.test');
    const { socket } = await TestSocket.connect(port, staff.host, { token: staff.token });
    const second = await TestSocket.connect(port, staff.host, { token: staff.token });
    const otherSession = await TestSocket.connect(port, staff.host, { token: otherSessionToken });

    const response = await call(t, 'salida', {
      method: 'POST',
      url: '/world/api/user/logout',
      token: staff.token,
    });
    expect(response.statusCode).toBe(200);

    expect((await socket.closedWithin()).code).toBe(CLOSE_CODES.tokenRevoked);
    expect((await second.socket.closedWithin()).code).toBe(CLOSE_CODES.tokenRevoked);
    await rename('salida', otherSessionToken, 'Sigue');
    expect((await otherSession.socket.events(1)).map((event) => event.seq)).toEqual([1]);
    await otherSession.socket.close();
  });

  it('closes sockets whose session expired at the next heartbeat', async () => {
    const staff = await givenSignedInStaff('caduca');
    const { socket } = await TestSocket.connect(port, staff.host, { token: staff.token });
    const now = t.clock.now();
    t.clock.advance(SESSION_ABSOLUTE_MS + 1000);
    try {
      await t.app.realtime.heartbeat();
      expect((await socket.closedWithin()).code).toBe(CLOSE_CODES.tokenRevoked);
    } finally {
      t.clock.set(now);
    }
  });
});

describe('bad clients', () => {
  it('closes a socket that says nothing within 5 s', { timeout: 10_000 }, async () => {
    await givenSignedInStaff('mudo');
    const socket = await TestSocket.open(port, hostOf('mudo'));
    const closed = await socket.closedWithin(7_000);
    expect(closed.code).toBe(CLOSE_CODES.helloTimeout);
  });

  it('answers incompatible to another protocol version', async () => {
    const staff = await givenSignedInStaff('version');
    const socket = await TestSocket.open(port, staff.host);
    socket.send({ type: 'hello', v: REALTIME_PROTOCOL_VERSION + 1, token: staff.token, somethingNew: true });
    expect(await socket.next()).toEqual({ type: 'incompatible', v: REALTIME_PROTOCOL_VERSION });
    expect((await socket.closedWithin()).code).toBe(CLOSE_CODES.incompatible);
  });

  it('closes malformed or out-of-turn messages with 4400 and keeps serving', async () => {
    const staff = await givenSignedInStaff('raro');
    const hello = { type: 'hello', v: REALTIME_PROTOCOL_VERSION, token: staff.token };
    const cases: { name: string; messages: unknown[]; code?: number }[] = [
      { name: 'not JSON', messages: ['{nope'] },
      { name: 'JSON but not an object', messages: ['42'] },
      { name: 'unknown type', messages: [{ type: 'subscribe', topic: '*' }] },
      { name: 'unknown field', messages: [{ ...hello, venueId: 1 }] },
      {
        name: 'prototype pollution',
        messages: ['{"type":"hello","v":1,"token":"x","__proto__":{"admin":true}}'],
      },
      { name: 'wrong field type', messages: [{ ...hello, lastSeq: 'latest' }] },
      { name: 'ping before hello', messages: [{ type: 'ping' }] },
      { name: 'hello twice', messages: [hello, hello] },
      { name: 'binary frame', messages: [Buffer.from([1, 2, 3])] },
      { name: 'oversize message', messages: [{ type: 'ping', padding: 'x'.repeat(10_000) }], code: 1009 },
    ];
    for (const testCase of cases) {
      const socket = await TestSocket.open(port, staff.host);
      for (const message of testCase.messages) {
        if (Buffer.isBuffer(message)) socket.ws.send(message);
        else socket.send(message);
      }
      const closed = await socket.closedWithin();
      expect(closed.code, testCase.name).toBe(testCase.code ?? CLOSE_CODES.badMessage);
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    const { socket } = await TestSocket.connect(port, staff.host, { token: staff.token });
    await socket.close();
  });
});

describe('shutdown', () => {
  it('closes open sockets with 1001 when the app closes', async () => {
    const other = await buildTestApp();
    const otherPort = Number(new URL(await other.app.listen({ port: 0, host: '127.0.0.1' })).port);
    const venue = await givenVenue(other, { subdomain: 'cierre' });
    await givenStaff(other, { venueId: venue.id, email: 'sala@cierre.test' });
    const token = await signIn(other, 'cierre', 'sala@cierre.test');
    const { socket } = await TestSocket.connect(otherPort, hostOf('cierre'), { token });
    const pending = await TestSocket.open(otherPort, hostOf('cierre'));

    await other.close();
    expect((await socket.closedWithin()).code).toBe(1001);
    expect((await pending.closedWithin()).code).toBe(1001);
  });
});
