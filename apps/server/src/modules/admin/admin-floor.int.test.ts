import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFloorResponseSchema } from '@sobremesa/contracts';
import {
  auditLog,
  diningTables,
  realtimeEvents,
  reservations,
  rooms,
  tableCombinations,
} from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../test/test-app.ts';
import { furnishVenue } from '../reservations/reservations.fixtures.ts';
import { givenAdminVenues } from './admin.fixtures.ts';

/**
 * The floor plan editor's calls (issue 22 item 3, decision 059): rooms, tables with their place on the
 * plan, combinations. Admin only, per venue, versioned against lost edits, audited and announced.
 */
let t: TestApp;
let adminToken: string;
let salaToken: string;
let otherAdminToken: string;
let casaId: number;
let salaId: number;
let terrazaId: number;
let tableIds: Map<string, number>;

const FLOOR = '/world/api/admin/floor';
const ROOMS = `${FLOOR}/rooms`;
const TABLES = `${FLOOR}/tables`;
const COMBINATIONS = `${FLOOR}/combinations`;

beforeAll(async () => {
  t = await buildTestApp();
  const { casa, ...world } = await givenAdminVenues(t);
  casaId = casa.id;
  ({ adminToken, salaToken, otherAdminToken } = world);
  const furnished = await furnishVenue(t.ctx.db, casa.id, {
    rooms: [
      {
        name: 'Sala',
        tables: [
          { name: 'S1', minPax: 1, maxPax: 2 },
          { name: 'S2', minPax: 2, maxPax: 4 },
          { name: 'S3', minPax: 2, maxPax: 4 },
        ],
      },
      { name: 'Terraza', tables: [{ name: 'T1', minPax: 2, maxPax: 4 }] },
    ],
  });
  salaId = furnished.roomIds.get('Sala')!;
  terrazaId = furnished.roomIds.get('Terraza')!;
  tableIds = furnished.tableIds;
});
afterAll(() => t.close());

const post = (url: string, payload: object, token = adminToken, venue = 'casa', language = 'es') =>
  call(t, venue, { method: 'POST', url, payload, token, headers: { 'accept-language': language } });
const floor = async () =>
  adminFloorResponseSchema.parse(
    (await call(t, 'casa', { method: 'GET', url: FLOOR, token: adminToken })).json(),
  );
const tableOf = async (id: number) => (await floor()).tables.find((table) => table.id === id);
const roomOf = async (id: number) => (await floor()).rooms.find((room) => room.id === id);
const audits = (action: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.venueId, casaId), eq(auditLog.action, action)));
const configEvents = async () =>
  (await t.ctx.db.select().from(realtimeEvents).where(eq(realtimeEvents.venueId, casaId))).filter(
    (row) => row.topic === 'venue.config.updated',
  ).length;

async function givenTable(name: string, roomId = salaId, extra: object = {}) {
  const response = await post(TABLES, { roomId, name, minPax: 2, maxPax: 4, shape: 'square', ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().table as { id: number; version: number; x: number; y: number };
}

/** A booking at the table from `startsAt` for two hours, as the booking flow stores it. */
async function givenBooking(tableId: number, name: string, startsAt: string) {
  const starts = new Date(startsAt);
  const ends = new Date(starts.getTime() + 2 * 3600_000);
  const [reservation] = await t.ctx.db
    .insert(reservations)
    .values({ venueId: casaId, name, pax: 2, startsAt: starts, endsAt: ends, roomId: salaId })
    .returning({ id: reservations.id });
  await t.ctx.db.execute(sql`
    insert into table_bookings (venue_id, reservation_id, table_id, during, status)
    values (${casaId}, ${reservation!.id}, ${tableId},
            tstzrange(${starts.toISOString()}::timestamptz, ${ends.toISOString()}::timestamptz, '[)'), 'confirmed')`);
  return reservation!.id;
}

describe('floor calls: access', () => {
  it.each([
    ['GET', FLOOR, undefined],
    ['POST', ROOMS, { name: 'Intrusa' }],
    ['POST', `${ROOMS}/order`, { roomIds: [1] }],
    ['POST', `${ROOMS}/1`, { expectedVersion: 0, name: 'X' }],
    ['POST', `${ROOMS}/1/lay-out`, { expectedVersion: 0 }],
    ['POST', `${ROOMS}/1/remove`, { expectedVersion: 0 }],
    ['POST', TABLES, { roomId: 1, name: 'X', minPax: 1, maxPax: 2, shape: 'round' }],
    ['POST', `${TABLES}/1`, { expectedVersion: 0, x: 10 }],
    ['POST', `${TABLES}/1/remove`, { expectedVersion: 0 }],
    ['POST', COMBINATIONS, { name: 'X', tableIds: [1, 2], minPax: 4, maxPax: 6 }],
    ['POST', `${COMBINATIONS}/1`, { name: 'X', tableIds: [1, 2], minPax: 4, maxPax: 6 }],
    ['POST', `${COMBINATIONS}/1/remove`, {}],
  ] as const)('%s %s needs the admin role (403)', async (method, url, payload) => {
    const refused = await call(t, 'casa', { method, url, token: salaToken, ...(payload ? { payload } : {}) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
  });

  it("another venue's admin gets 404 for this venue's rooms, tables and combinations", async () => {
    const s1 = tableIds.get('S1')!;
    const s2 = tableIds.get('S2')!;
    const other = (url: string, payload: object) => post(url, payload, otherAdminToken, 'otra');
    const combination = (
      await post(COMBINATIONS, { name: 'S1+S2', tableIds: [s1, s2], minPax: 3, maxPax: 6 })
    ).json().combination;
    expect((await other(`${ROOMS}/${salaId}`, { expectedVersion: 0, name: 'Mía' })).statusCode).toBe(404);
    expect((await other(`${ROOMS}/${salaId}/lay-out`, { expectedVersion: 0 })).statusCode).toBe(404);
    expect((await other(`${ROOMS}/${salaId}/remove`, { expectedVersion: 0 })).statusCode).toBe(404);
    expect((await other(`${ROOMS}/order`, { roomIds: [salaId] })).statusCode).toBe(404);
    expect((await other(`${TABLES}/${s1}`, { expectedVersion: 0, name: 'Mía' })).statusCode).toBe(404);
    expect((await other(`${TABLES}/${s1}/remove`, { expectedVersion: 0 })).statusCode).toBe(404);
    expect(
      (await other(TABLES, { roomId: salaId, name: 'Mía', minPax: 1, maxPax: 2, shape: 'round' })).statusCode,
    ).toBe(404);
    expect(
      (await other(COMBINATIONS, { name: 'Mía', tableIds: [s1, s2], minPax: 3, maxPax: 6 })).statusCode,
    ).toBe(404);
    expect(
      (
        await other(`${COMBINATIONS}/${combination.id}`, {
          name: 'Mía',
          tableIds: [s1, s2],
          minPax: 3,
          maxPax: 6,
        })
      ).statusCode,
    ).toBe(404);
    expect((await other(`${COMBINATIONS}/${combination.id}/remove`, {})).statusCode).toBe(404);
    expect((await roomOf(salaId))!.name).toBe('Sala');
    expect((await tableOf(s1))!.name).toBe('S1');
    expect((await floor()).combinations.map((row) => row.id)).toContain(combination.id);
  });
});

describe('floor calls: bad input', () => {
  it.each([
    [ROOMS, { name: 42 }, 'name'],
    [`${ROOMS}/order`, { roomIds: [] }, 'roomIds'],
    ['ROOM', { expectedVersion: 'one', name: 'X' }, 'expectedVersion'],
    ['ROOM/lay-out', {}, 'expectedVersion'],
    ['ROOM/remove', { expectedVersion: -1 }, 'expectedVersion'],
    ['ROOM', { expectedVersion: 0, plan: { width: 50, height: 600 } }, 'plan.width'],
    [TABLES, { roomId: 'sala', name: 'X', minPax: 1, maxPax: 2, shape: 'round' }, 'roomId'],
    ['TABLE', { expectedVersion: 0, x: -5 }, 'x'],
    ['TABLE', { expectedVersion: 0, width: 5000 }, 'width'],
    ['TABLE/remove', { version: 0 }, 'expectedVersion'],
    [COMBINATIONS, { name: 'X', tableIds: [1, 1], minPax: 2, maxPax: 4 }, 'tableIds'],
    ['COMBINATION', { name: 'X', tableIds: [1, 2], minPax: 0, maxPax: 4 }, 'minPax'],
  ] as const)('POST %s refuses a malformed body with 400 at %s', async (url, payload, path) => {
    const resolved = url
      .replace(/^ROOM/, `${ROOMS}/${salaId}`)
      .replace(/^TABLE/, `${TABLES}/${tableIds.get('S1')}`)
      .replace(/^COMBINATION/, `${COMBINATIONS}/1`);
    const refused = await post(resolved, payload);
    expect(refused.statusCode, refused.body).toBe(400);
    expect((refused.json().fields as { path: string }[]).map((field) => field.path)).toContain(path);
  });

  it('refuses a path id that is not a number', async () => {
    expect((await post(`${TABLES}/abc`, { expectedVersion: 0, x: 10 })).statusCode).toBe(400);
  });
});

describe('rooms', () => {
  it('lists rooms never laid out without a plan, tables with their layout defaults', async () => {
    const page = await floor();
    expect(page.rooms.find((room) => room.id === salaId)).toMatchObject({
      name: 'Sala',
      plan: null,
      version: 0,
    });
    expect(page.tables.find((table) => table.name === 'S1')).toMatchObject({ shape: 'square', rotation: 0 });
  });

  it('lays a room out: the default plan, and its tables spread as a grid in their order', async () => {
    const room = (await roomOf(salaId))!;
    const response = await post(`${ROOMS}/${salaId}/lay-out`, { expectedVersion: room.version });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().room).toMatchObject({
      plan: { width: 1000, height: 600 },
      version: room.version + 1,
    });
    const placed = (await floor()).tables.filter((table) => table.roomId === salaId);
    expect(new Set(placed.map((table) => `${table.x},${table.y}`)).size).toBe(placed.length);
    expect((await audits('room.lay_out')).length).toBe(1);
  });

  it('creates a room laid out from the start, after the others; audited and announced', async () => {
    const eventsBefore = await configEvents();
    const response = await post(ROOMS, { name: ' Reservado ' });
    expect(response.statusCode, response.body).toBe(200);
    const room = response.json().room;
    expect(room).toMatchObject({ name: 'Reservado', plan: { width: 1000, height: 600 }, reservable: true });
    expect((await floor()).rooms.at(-1)!.id).toBe(room.id);
    expect((await audits('room.create')).some((row) => row.entityId === String(room.id))).toBe(true);
    expect(await configEvents()).toBe(eventsBefore + 1);
  });

  it('refuses a blank name at the field, and a name another room has (any case) with 409 at name', async () => {
    const blank = await post(ROOMS, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toContainEqual({ path: 'name', message: 'Escribe un nombre' });
    const taken = await post(ROOMS, { name: 'terraza' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Ya hay una sala con ese nombre.');
    expect(taken.json().fields).toEqual([{ path: 'name', message: 'Ya está en uso' }]);
    const inEnglish = await post(ROOMS, { name: 'TERRAZA' }, adminToken, 'casa', 'en');
    expect(inEnglish.json().message).toBe('There is already a room with that name.');
    expect(inEnglish.json().fields).toEqual([{ path: 'name', message: 'Already used' }]);
  });

  it('renames a room with the version it saw, and refuses a stale version without changing it', async () => {
    const room = (await roomOf(terrazaId))!;
    const renamed = await post(`${ROOMS}/${terrazaId}`, {
      expectedVersion: room.version,
      name: 'Terraza cubierta',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const stale = await post(`${ROOMS}/${terrazaId}`, { expectedVersion: room.version, name: 'Patio' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'Otra persona ha cambiado esto mientras tanto. Se muestran los datos actuales.',
    );
    expect((await roomOf(terrazaId))!.name).toBe('Terraza cubierta');
    const [audit] = await audits('room.update');
    expect(audit!.before).toMatchObject({ name: 'Terraza' });
    expect(audit!.after).toMatchObject({ name: 'Terraza cubierta' });
  });

  it('orders the rooms; every room once, none of another venue', async () => {
    const ids = (await floor()).rooms.map((room) => room.id);
    const reversed = [...ids].reverse();
    const response = await post(`${ROOMS}/order`, { roomIds: reversed });
    expect(response.statusCode, response.body).toBe(200);
    expect((await floor()).rooms.map((room) => room.id)).toEqual(reversed);
    expect((await post(`${ROOMS}/order`, { roomIds: reversed.slice(1) })).statusCode).toBe(400);
    expect((await post(`${ROOMS}/order`, { roomIds: [...reversed, 999_999] })).statusCode).toBe(404);
    await post(`${ROOMS}/order`, { roomIds: ids });
  });

  it('removes a room only once its tables are gone: deleted when nothing points at it, else retired', async () => {
    const empty = (await post(ROOMS, { name: 'Vacía' })).json().room;
    const deleted = await post(`${ROOMS}/${empty.id}/remove`, { expectedVersion: empty.version });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.ctx.db.select().from(rooms).where(eq(rooms.id, empty.id))).toEqual([]);

    const bar = (await post(ROOMS, { name: 'Barra alta' })).json().room;
    const stool = await givenTable('Taburete 1', bar.id);
    const refused = await post(`${ROOMS}/${bar.id}/remove`, { expectedVersion: bar.version });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Esta sala aún tiene mesas: Taburete 1. Quítalas o pásalas a otra sala antes.',
    );
    await post(`${TABLES}/${stool.id}/remove`, { expectedVersion: stool.version });
    const retired = await post(`${ROOMS}/${bar.id}/remove`, { expectedVersion: bar.version });
    expect(retired.statusCode, retired.body).toBe(200);
    const [row] = await t.ctx.db.select().from(rooms).where(eq(rooms.id, bar.id));
    expect(row).toMatchObject({ active: false, reservable: false });
    expect(await roomOf(bar.id)).toBeUndefined();
    // Its name is free for a new room.
    expect((await post(ROOMS, { name: 'Barra alta' })).statusCode).toBe(200);
  });
});

describe('tables', () => {
  it('creates a table with its shape’s size at a free spot of its room, the next one beside it; audited', async () => {
    const create = (name: string) =>
      post(TABLES, { roomId: salaId, name, minPax: 2, maxPax: 6, shape: 'round', zone: 'ventana' });
    const response = await create('Redonda 9');
    expect(response.statusCode, response.body).toBe(200);
    const first = response.json().table;
    expect(first).toMatchObject({
      name: 'Redonda 9',
      shape: 'round',
      width: 80,
      height: 80,
      zone: 'ventana',
      version: 0,
    });
    // Added twice without a place, the two do not sit on each other: a waiter can tap each.
    const second = (await create('Redonda 10')).json().table;
    const apart = Math.abs(first.x - second.x) >= 80 || Math.abs(first.y - second.y) >= 80;
    expect(apart, JSON.stringify([first, second])).toBe(true);
    expect((await audits('dining_table.create')).length).toBeGreaterThan(0);
  });

  it('keeps a table on its room’s plan', async () => {
    const table = await givenTable('Esquina', salaId, { shape: 'rect', x: 9999, y: 0 });
    expect(table).toMatchObject({ x: 930, y: 40 });
  });

  it('refuses bad input at its fields', async () => {
    const response = await post(TABLES, {
      roomId: salaId,
      name: '',
      minPax: 4,
      maxPax: 2,
      shape: 'hexagon',
      rotation: 400,
    });
    expect(response.statusCode).toBe(400);
    const paths = (response.json().fields as { path: string }[]).map((field) => field.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'shape', 'rotation']));
    const seats = await post(TABLES, {
      roomId: salaId,
      name: 'Al revés',
      minPax: 4,
      maxPax: 2,
      shape: 'round',
    });
    expect(seats.json().fields).toContainEqual({
      path: 'maxPax',
      message: 'No puede ser menor que el mínimo',
    });
    const unknownRoom = await post(TABLES, {
      roomId: 999_999,
      name: 'Nada',
      minPax: 1,
      maxPax: 2,
      shape: 'round',
    });
    expect(unknownRoom.statusCode).toBe(404);
  });

  it('refuses a name another active table has, at the name field', async () => {
    const response = await post(TABLES, { roomId: salaId, name: 's1', minPax: 1, maxPax: 2, shape: 'round' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Ya hay una mesa con ese nombre.');
    expect(response.json().fields).toEqual([{ path: 'name', message: 'Ya está en uso' }]);
  });

  it('moves, turns and edits a table with its version; a stale version is refused and changes nothing', async () => {
    const table = await givenTable('Móvil');
    const moved = await post(`${TABLES}/${table.id}`, {
      expectedVersion: table.version,
      x: 200,
      y: 150,
      rotation: 45,
      maxPax: 6,
      combinable: true,
      zone: 'fondo',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().table).toMatchObject({
      x: 200,
      y: 150,
      rotation: 45,
      maxPax: 6,
      version: table.version + 1,
    });
    const stale = await post(`${TABLES}/${table.id}`, { expectedVersion: table.version, x: 800 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().fields).toEqual([
      { path: 'expectedVersion', message: 'Otra persona lo ha cambiado mientras tanto' },
    ]);
    expect((await tableOf(table.id))!.x).toBe(200);
    const [audit] = (await audits('dining_table.update')).filter((row) => row.entityId === String(table.id));
    expect(audit!.before).toMatchObject({ x: table.x, rotation: 0 });
    expect(audit!.after).toMatchObject({ x: 200, rotation: 45 });
    const minAboveMax = await post(`${TABLES}/${table.id}`, {
      expectedVersion: table.version + 1,
      minPax: 8,
    });
    expect(minAboveMax.statusCode).toBe(400);
    expect(minAboveMax.json().fields[0].path).toBe('minPax');
  });

  it('two admins saving one table at once: one wins, the other gets 409, never a 500', async () => {
    const table = await givenTable('Disputada');
    const [first, second] = await Promise.all([
      post(`${TABLES}/${table.id}`, { expectedVersion: table.version, x: 100 }),
      post(`${TABLES}/${table.id}`, { expectedVersion: table.version, x: 900 }),
    ]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 409]);
    const winner = first!.statusCode === 200 ? 100 : 900;
    expect((await tableOf(table.id))!.x).toBe(winner);
  });

  it('moves a table to another room', async () => {
    const table = await givenTable('Viajera');
    const moved = await post(`${TABLES}/${table.id}`, { expectedVersion: table.version, roomId: terrazaId });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await tableOf(table.id))!.roomId).toBe(terrazaId);
  });

  it('will not retire a table with bookings to come: 409 naming them, in the admin’s language', async () => {
    const table = await givenTable('Reservada');
    // The test clock stands at 2026-11-20 12:00 UTC (13:00 in Madrid).
    const reservationId = await givenBooking(table.id, 'Familia Ortega', '2026-11-21T20:00:00Z');
    const refused = await post(`${TABLES}/${table.id}/remove`, { expectedVersion: table.version });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Esta mesa tiene reservas próximas: 21/11 21:00 Familia Ortega (2). Muévelas a otra mesa antes de quitarla.',
    );
    expect(refused.json().bookings).toEqual([
      { reservationId, name: 'Familia Ortega', pax: 2, startDateTime: '2026-11-21T21:00:00+01:00' },
    ]);
    const english = await post(
      `${TABLES}/${table.id}/remove`,
      { expectedVersion: table.version },
      adminToken,
      'casa',
      'en',
    );
    expect(english.json().message).toContain('This table has upcoming bookings');
    expect(await tableOf(table.id)).toBeDefined();
  });

  it('retires a table whose bookings are past, with its combinations; its name is free again', async () => {
    const table = await givenTable('Vieja');
    const other = await givenTable('Compañera');
    await givenBooking(table.id, 'Cena pasada', '2026-11-19T20:00:00Z');
    const combination = (
      await post(COMBINATIONS, {
        name: 'Vieja+Compañera',
        tableIds: [table.id, other.id],
        minPax: 4,
        maxPax: 8,
      })
    ).json().combination;
    const removed = await post(`${TABLES}/${table.id}/remove`, { expectedVersion: table.version });
    expect(removed.statusCode, removed.body).toBe(200);
    const [row] = await t.ctx.db.select().from(diningTables).where(eq(diningTables.id, table.id));
    expect(row!.active).toBe(false);
    expect(await tableOf(table.id)).toBeUndefined();
    expect(
      await t.ctx.db.select().from(tableCombinations).where(eq(tableCombinations.id, combination.id)),
    ).toEqual([]);
    const [audit] = (await audits('dining_table.remove')).filter(
      (entry) => entry.entityId === String(table.id),
    );
    expect(audit!.after).toEqual({ active: false, combinationsRemoved: [combination.id] });
    expect((await givenTable('Vieja')).id).not.toBe(table.id);
  });
});

describe('combinations', () => {
  it('creates, updates and removes a combination with its party sizes', async () => {
    const s2 = tableIds.get('S2')!;
    const s3 = tableIds.get('S3')!;
    const created = await post(COMBINATIONS, { name: 'S2+S3', tableIds: [s3, s2], minPax: 5, maxPax: 8 });
    expect(created.statusCode, created.body).toBe(200);
    const combination = created.json().combination;
    expect(combination).toMatchObject({ tableIds: [s2, s3].sort((a, b) => a - b), minPax: 5, maxPax: 8 });
    const updated = await post(`${COMBINATIONS}/${combination.id}`, {
      name: 'S2+S3 grande',
      tableIds: [s2, s3],
      minPax: 6,
      maxPax: 9,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await floor()).combinations.find((row) => row.id === combination.id)).toMatchObject({
      name: 'S2+S3 grande',
      maxPax: 9,
    });
    expect((await post(`${COMBINATIONS}/${combination.id}/remove`, {})).statusCode).toBe(200);
    expect((await floor()).combinations.some((row) => row.id === combination.id)).toBe(false);
    expect((await audits('table_combination.remove')).length).toBeGreaterThan(0);
  });

  it('refuses tables of two rooms, repeats and a single table', async () => {
    const mixed = await post(COMBINATIONS, {
      name: 'Mezcla',
      tableIds: [tableIds.get('S1')!, tableIds.get('T1')!],
      minPax: 3,
      maxPax: 6,
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe('Solo se pueden juntar mesas de una misma sala.');
    const single = await post(COMBINATIONS, {
      name: 'Sola',
      tableIds: [tableIds.get('S1')!],
      minPax: 1,
      maxPax: 2,
    });
    expect(single.json().fields).toContainEqual({ path: 'tableIds', message: 'Elige al menos dos mesas' });
  });
});
