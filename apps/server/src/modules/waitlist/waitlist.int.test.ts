import {
  seatFromWaitlistResponseSchema,
  waitlistEntryResponseSchema,
  waitlistResponseSchema,
} from '@sobremesa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reservations, walkInWaitlist } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  floorClient,
  givenFloorVenue,
  latestEvents,
  startServiceDay,
  type FloorVenue,
} from '../floor/floor.fixtures.ts';

/**
 * The walk-in waitlist through HTTP (issue 18 item 9, decision 037): add with a quoted wait, today's list
 * with each party's current wait, seat (the walk-in and the entry in one transaction) and remove, each for
 * success, bad input, roles and another venue's ids. Each test works on its own service day (20:00 in
 * Madrid) of the floor tests' venue: couples fit S1..S8, T1, T2 and P1; six fit only S7+S8 and P1.
 */
let t: TestApp;
let casa: FloorVenue;
let otra: FloorVenue;
let api: ReturnType<typeof floorClient>;
let otraApi: ReturnType<typeof floorClient>;
let day = 0;

const URL = {
  add: '/world/api/waitlist/add',
  list: '/world/api/waitlist/list',
  seat: '/world/api/waitlist/seat',
  remove: '/world/api/waitlist/remove',
};

beforeAll(async () => {
  t = await buildTestApp();
  casa = await givenFloorVenue(t, 'casa');
  otra = await givenFloorVenue(t, 'otra');
  api = floorClient(t, casa);
  otraApi = floorClient(t, otra);
});
afterAll(() => t.close());
beforeEach(async () => {
  await startServiceDay(t, day, [casa, otra]);
  day += 1;
});

async function add(body: Record<string, unknown>, client = api) {
  const response = await client.post(URL.add, body);
  expect(response.statusCode, response.body).toBe(201);
  return waitlistEntryResponseSchema.parse(response.json()).entry;
}

async function list(client = api) {
  const response = await client.post(URL.list, {});
  expect(response.statusCode, response.body).toBe(200);
  return waitlistResponseSchema.parse(response.json()).entries;
}

/** Fills the only tables a party of six fits: S7+S8 until 22:00 and P1 until 22:30. */
async function fillLargeTables() {
  expect((await api.walkIn({ name: 'Peña', pax: 10 })).table).toBe('P1');
  expect((await api.walkIn({ name: 'Grupo', pax: 6 })).table).toBe('S7+S8');
}

function reservationsNamed(name: string) {
  return t.ctx.db
    .select()
    .from(reservations)
    .where(and(eq(reservations.venueId, casa.venue.id), eq(reservations.name, name)));
}

describe('add', () => {
  it('quotes now when a table fits, and tells every screen', async () => {
    const entry = await add({ name: ' Ana ', pax: 2, phone: '+34 600 111 222', notes: 'Terraza si puede' });
    expect(entry).toMatchObject({
      name: 'Ana',
      pax: 2,
      phone: '+34 600 111 222',
      notes: 'Terraza si puede',
      quotedMinutes: 0,
      estimatedMinutes: 0,
      status: 'waiting',
      reservationId: null,
    });
    expect(entry.createdAt).toMatch(/T20:00:00\+01:00$/);
    const [event] = await latestEvents(t, casa.venue.id, 1);
    expect(event?.topic).toBe('waitlist.updated');
    expect(event?.payload).toMatchObject({ entryId: entry.id, action: 'add', status: 'waiting' });
  });

  it('quotes until the first table that fits frees, after the parties ahead', async () => {
    await fillLargeTables();
    const first = await add({ name: 'Luis', pax: 6 });
    expect(first.quotedMinutes).toBe(120);
    // Luis takes S7+S8 at 22:00; the next group waits for P1 at 22:30.
    const second = await add({ name: 'Marta', pax: 5 });
    expect(second.quotedMinutes).toBe(150);
    // A couple is not delayed by groups that need other tables.
    expect((await add({ name: 'Nora', pax: 2 })).quotedMinutes).toBe(0);
  });

  it('queues two parties added at the same time: the second is quoted behind the first', async () => {
    await fillLargeTables();
    const replies = await Promise.all([
      api.post(URL.add, { name: 'Luis', pax: 6 }),
      api.post(URL.add, { name: 'Marta', pax: 6 }),
    ]);
    const quotes = replies.map(
      (reply) => waitlistEntryResponseSchema.parse(reply.json()).entry.quotedMinutes,
    );
    expect(quotes.sort((a, b) => a - b)).toEqual([120, 150]);
  });

  it('adds a party once for a repeated Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'add-rosa-1' };
    const first = await api.post(URL.add, { name: 'Rosa', pax: 2 }, { headers });
    const second = await api.post(URL.add, { name: 'Rosa', pax: 2 }, { headers });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()).toEqual(first.json());
    expect((await list()).map((entry) => entry.name)).toEqual(['Rosa']);
  });

  it('refuses bad input with a clear message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ', pax: 2 }, 'Introduce el nombre, sin apellidos.'],
      [{ name: 'Ana', pax: -2 }, 'Los números negativos no son válidos.'],
      [
        { name: 'Ana', pax: 40 },
        'Ninguna mesa del local sienta a 40 personas: elige mesas libres para sentarlos.',
      ],
      [{ name: 'Ana', pax: 2, phone: 'llámame' }, 'Hay datos que no son válidos.'],
      [{ name: 'Ana', pax: 2, table: 3 }, 'Hay datos que no son válidos.'],
    ];
    for (const [body, message] of cases) {
      const response = await api.post(URL.add, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    expect(await list()).toEqual([]);
  });
});

describe('list', () => {
  it("shows today's waiting parties first come first, with the quoted and the current wait", async () => {
    await fillLargeTables();
    const luis = await add({ name: 'Luis', pax: 6 });
    const marta = await add({ name: 'Marta', pax: 5 });
    t.clock.advance(10 * 60_000);
    const entries = await list();
    expect(entries.map((entry) => [entry.id, entry.quotedMinutes, entry.estimatedMinutes])).toEqual([
      [luis.id, 120, 110],
      [marta.id, 150, 140],
    ]);
    // Off the list, a party no longer counts ahead of the others.
    await api.post(URL.remove, { entryId: luis.id, reason: 'left' });
    expect((await list()).map((entry) => [entry.name, entry.estimatedMinutes])).toEqual([['Marta', 110]]);
  });

  it("keeps to today's service day and to the venue", async () => {
    await add({ name: 'Ayer', pax: 2 });
    await add({ name: 'Otra', pax: 2 }, otraApi);
    expect((await list()).map((entry) => entry.name)).toEqual(['Ayer']);
    await startServiceDay(t, day, [casa, otra]);
    day += 1;
    expect(await list()).toEqual([]);
  });
});

describe('seat', () => {
  it('seats the party on the best free table and takes it off the list, in one go', async () => {
    const entry = await add({ name: 'Ana', pax: 2, notes: 'Trona' });
    const response = await api.post(URL.seat, { entryId: entry.id });
    expect(response.statusCode, response.body).toBe(200);
    const seated = seatFromWaitlistResponseSchema.parse(response.json());
    expect(seated.reservation).toMatchObject({
      name: 'Ana',
      pax: 2,
      state: 'seated',
      source: 'walk_in',
      table: 'S1',
      staffComments: 'Trona',
    });
    expect(seated.entry).toMatchObject({ status: 'seated', reservationId: seated.reservation.id });
    const topics = (await latestEvents(t, casa.venue.id, 2)).map((event) => event.topic);
    expect(topics).toEqual(['waitlist.updated', 'reservation.created']);
    expect(await list()).toEqual([]);
  });

  it('seats the party at any free table the host picks, larger ones too', async () => {
    const entry = await add({ name: 'Ana', pax: 2 });
    const response = await api.post(URL.seat, { entryId: entry.id, tableIds: [casa.table('P1')] });
    expect(response.statusCode, response.body).toBe(200);
    expect(seatFromWaitlistResponseSchema.parse(response.json()).reservation.table).toBe('P1');
  });

  it('is 409 "No se ha podido asignar mesa." when the chosen table was taken meanwhile, and writes nothing', async () => {
    const entry = await add({ name: 'Inés', pax: 2 });
    await api.sitIn(['S3']);
    const response = await api.post(URL.seat, { entryId: entry.id, tableIds: [casa.table('S3')] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'SLOT_UNAVAILABLE',
      reason: 'table_taken',
      message: 'No se ha podido asignar mesa.',
    });
    expect(await reservationsNamed('Inés')).toEqual([]);
    expect((await list()).map((waiting) => waiting.status)).toEqual(['waiting']);
  });

  it('is 409 when no table fits yet, and the party keeps its place', async () => {
    await fillLargeTables();
    const entry = await add({ name: 'Luis', pax: 6 });
    const response = await api.post(URL.seat, { entryId: entry.id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ reason: 'no_table', message: 'No se ha podido asignar mesa.' });
    expect((await list()).map((waiting) => waiting.id)).toEqual([entry.id]);
  });

  it('seats a party once when two tablets seat it at the same time', async () => {
    const entry = await add({ name: 'Olga', pax: 2 });
    const replies = await Promise.all([
      api.post(URL.seat, { entryId: entry.id }),
      api.post(URL.seat, { entryId: entry.id }),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const refused = replies.find((reply) => reply.statusCode === 409);
    expect(refused?.json()).toMatchObject({
      reason: 'not_waiting',
      message: 'Este grupo ya no está en la lista de espera.',
    });
    expect(await reservationsNamed('Olga')).toHaveLength(1);
  });

  it('replays a repeated Idempotency-Key instead of seating twice', async () => {
    const entry = await add({ name: 'Pilar', pax: 2 });
    const headers = { 'idempotency-key': 'seat-ana-1' };
    const first = await api.post(URL.seat, { entryId: entry.id }, { headers });
    const second = await api.post(URL.seat, { entryId: entry.id }, { headers });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    expect(await reservationsNamed('Pilar')).toHaveLength(1);
  });

  it("is 404 for another venue's entry or table, 400 for a bad body", async () => {
    const foreign = await add({ name: 'Otra', pax: 2 }, otraApi);
    expect((await api.post(URL.seat, { entryId: foreign.id })).statusCode).toBe(404);
    const entry = await add({ name: 'Ana', pax: 2 });
    const foreignTable = await api.post(URL.seat, { entryId: entry.id, tableIds: [otra.table('S1')] });
    expect(foreignTable.statusCode).toBe(404);
    const bad = await api.post(URL.seat, { entryId: 'uno' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Hay datos que no son válidos.' });
    const [row] = await t.ctx.db.select().from(walkInWaitlist).where(eq(walkInWaitlist.id, foreign.id));
    expect(row?.status).toBe('waiting');
  });
});

describe('remove', () => {
  it('takes the party off the list as left or cancelled, once', async () => {
    const ana = await add({ name: 'Ana', pax: 2 });
    const bea = await add({ name: 'Bea', pax: 2 });
    const left = await api.post(URL.remove, { entryId: ana.id, reason: 'left' });
    expect(left.statusCode, left.body).toBe(200);
    expect(waitlistEntryResponseSchema.parse(left.json()).entry).toMatchObject({
      status: 'left',
      estimatedMinutes: null,
    });
    const [event] = await latestEvents(t, casa.venue.id, 1);
    expect(event?.payload).toMatchObject({ entryId: ana.id, action: 'left', status: 'left' });
    const cancelled = await api.post(URL.remove, { entryId: bea.id, reason: 'cancelled' });
    expect(waitlistEntryResponseSchema.parse(cancelled.json()).entry.status).toBe('cancelled');
    const again = await api.post(URL.remove, { entryId: ana.id, reason: 'cancelled' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'not_waiting', status: 'left' });
    expect(await list()).toEqual([]);
  });

  it("is 400 for a reason it does not know and 404 for another venue's entry", async () => {
    const entry = await add({ name: 'Ana', pax: 2 });
    expect((await api.post(URL.remove, { entryId: entry.id, reason: 'gone' })).statusCode).toBe(400);
    const foreign = await add({ name: 'Otra', pax: 2 }, otraApi);
    const response = await api.post(URL.remove, { entryId: foreign.id, reason: 'left' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'No encontramos a ese grupo en la lista de espera.' });
  });
});

describe('who may keep the list', () => {
  it('is the roles that take walk-ins: 401 without a session, 403 for the kitchen and staff without a role', async () => {
    const calls = [
      [URL.list, {}],
      [URL.add, { name: 'Ana', pax: 2 }],
      [URL.seat, { entryId: 1 }],
      [URL.remove, { entryId: 1, reason: 'left' }],
    ] as const;
    for (const [url, body] of calls) {
      expect((await api.post(url, body, { token: null })).statusCode, url).toBe(401);
      expect((await api.post(url, body, { token: casa.tokens.cocina })).statusCode, url).toBe(403);
      expect((await api.post(url, body, { token: casa.tokens.noRole })).statusCode, url).toBe(403);
      expect((await api.post(url, { ...body, roleId: otra.roles.get('Sala') })).statusCode, url).toBe(403);
    }
    for (const role of ['Pasante', 'Barra', '1 en Sala'] as const) {
      const response = await api.post(URL.add, { name: role, pax: 2 }, { role });
      expect(response.statusCode, role).toBe(201);
    }
    expect((await api.post(URL.list, {}, { token: casa.tokens.admin })).statusCode).toBe(200);
  });
});
