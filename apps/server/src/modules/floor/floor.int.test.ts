import {
  accountQrResponseSchema,
  floorEventPayloadSchema,
  getByDayResponseSchema,
  reviewQrResponseSchema,
  searchAccountResponseSchema,
  userDetailsResponseSchema,
} from '@sobremesa/contracts';
import { addDays } from '@sobremesa/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cartSessions,
  guestAllergens,
  guests,
  productOrders,
  products,
  tableBookings,
} from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  floorClient,
  givenFloorVenue,
  latestEvents,
  startServiceDay,
  type FloorVenue,
} from './floor.fixtures.ts';

/**
 * The copilot floor through HTTP (issue 5, decision 007): the service day, walk-ins, sit-ins, phone
 * reservations, edits, QR codes and search, each for success, bad input, the wrong role and foreign ids
 * (SEC-01: another venue's ids are 404). State actions, their audit and concurrency are in
 * floor-actions.int.test.ts. Each test works on its own service day (20:00 in Madrid), so tables are free.
 */
let t: TestApp;
let casa: FloorVenue;
let otra: FloorVenue;
let api: ReturnType<typeof floorClient>;
let otraApi: ReturnType<typeof floorClient>;
let day = 0;
let today: string;

beforeAll(async () => {
  t = await buildTestApp();
  casa = await givenFloorVenue(t, 'casa', {
    reservationLocationTags: ['ventana', 'terraza cubierta'],
    reviewGoogleMapsUrl: 'https://g.page/r/casa/review',
  });
  otra = await givenFloorVenue(t, 'otra');
  api = floorClient(t, casa);
  otraApi = floorClient(t, otra);
});
afterAll(() => t.close());
beforeEach(async () => {
  today = await startServiceDay(t, day, [casa, otra]);
  day += 1;
});

async function getByDay(body: Record<string, unknown> = {}, options: Parameters<typeof api.post>[2] = {}) {
  const response = await api.post('/world/api/reservation/getbyday', body, options);
  expect(response.statusCode, response.body).toBe(200);
  return getByDayResponseSchema.parse(response.json());
}

describe('getbyday (the service day)', () => {
  it('answers the day with the spec fields, lists, table states and the HOY label', async () => {
    const walkIn = await api.walkIn({ name: 'Ana', pax: 2 });
    const booked = await api.phone(today, { timeSlot: '21:30', pax: 4, name: 'Carmen' });
    const body = await getByDay();
    expect(body).toMatchObject({ result: 0, date: today, logicalDate: today, dayLabel: 'HOY' });
    expect(body.reservations.map((r) => r.id)).toEqual([walkIn.id, booked.id]);
    const seated = body.reservations[0]!;
    expect(seated).toMatchObject({
      wid: walkIn.wid,
      status: 1,
      state: 'seated',
      menuAccessEnabled: 1,
      name: 'Ana',
      pax: 2,
      roomName: 'Sala',
      zone: 'Sala',
      list: 'seated',
      source: 'walk_in',
      cartSession: null,
      paymentInfo: { total: 0, paid: 0, pending: 0, bills: [] },
      startDateTime: `${today} 20:00:00`,
      finishedDateTime: null,
    });
    expect(seated.allowedActions).toContain('close');
    expect(body.lists).toEqual({
      toCome: [booked.id],
      seated: [walkIn.id],
      forPayment: [],
      absent: [],
      finished: [],
    });
    const tableOf = (name: string) => body.tables.find((table) => table.name === name)!;
    expect(tableOf(walkIn.table!)).toMatchObject({ state: 'seated', reservationId: walkIn.id });
    expect(tableOf(booked.table!)).toMatchObject({ state: 'booked_soon', reservationId: booked.id });
    expect(tableOf('P1')).toMatchObject({ state: 'free', roomName: 'Privado', reservationId: null });
    expect(body.tables).toHaveLength(11);
  });

  it('serves another date with its label, and keeps a 01:30 seating on the evening it belongs to (06:00)', async () => {
    t.clock.set(`${today}T23:30:00Z`); // 00:30 the next calendar day in Madrid
    const late = await api.walkIn({ name: 'Noctámbulo' });
    expect(late.date).toBe(today);
    t.clock.set(`${today}T19:00:00Z`);
    expect((await getByDay()).reservations.map((r) => r.id)).toContain(late.id);
    const tomorrow = await getByDay({ date: addDays(today, 1) });
    expect(tomorrow.dayLabel).toBe('MAÑANA');
    expect(tomorrow.reservations.map((r) => r.id)).not.toContain(late.id);
  });

  it('shows the cart lines and their total in cents', async () => {
    const walkIn = await api.walkIn();
    await givenLine(walkIn.id, { name: 'Croquetas', priceCents: 850, units: 2 });
    await givenLine(walkIn.id, { name: 'Anulado', priceCents: 1000, units: 1, status: -1 });
    const body = await getByDay();
    const view = body.reservations.find((r) => r.id === walkIn.id)!;
    expect(view.cartSession?.productOrders.map((line) => line.name)).toEqual(['Croquetas', 'Anulado']);
    // What the floor's line buttons are worked out from.
    expect(view.cartSession?.productOrders[0]).toMatchObject({
      parentId: null,
      menuIncluded: false,
      held: false,
      dishClass: null,
      paid: false,
    });
    expect(view.paymentInfo).toEqual({ total: 1700, paid: 0, pending: 1700, bills: [] });
    expect(body.tables.find((table) => table.name === walkIn.table)?.state).toBe('ordering');
  });

  it('refuses bad input (400), staff without a copilot role (403), a role not theirs (403), no token (401)', async () => {
    expect((await api.post('/world/api/reservation/getbyday', { date: 'mañana' })).statusCode).toBe(400);
    expect((await api.post('/world/api/reservation/getbyday', { date: today, extra: 1 })).statusCode).toBe(
      400,
    );
    const noRole = await api.post('/world/api/reservation/getbyday', {}, { token: casa.tokens.noRole });
    expect(noRole.statusCode).toBe(403);
    const foreignRole = await api.post('/world/api/reservation/getbyday', { roleId: otra.roles.get('Sala') });
    expect(foreignRole.statusCode).toBe(403);
    expect(foreignRole.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Ese rol no está asignado a tu usuario.',
    });
    expect((await api.post('/world/api/reservation/getbyday', {}, { token: null })).statusCode).toBe(401);
    // Another venue's token is unknown here (SEC-01).
    expect(
      (await api.post('/world/api/reservation/getbyday', {}, { token: otra.tokens.staff })).statusCode,
    ).toBe(401);
  });

  it('never shows another venue its reservations', async () => {
    const mine = await api.walkIn();
    const response = await otraApi.post('/world/api/reservation/getbyday', {});
    expect(response.statusCode).toBe(200);
    expect(getByDayResponseSchema.parse(response.json()).reservations.map((r) => r.id)).not.toContain(
      mine.id,
    );
  });
});

async function givenLine(
  reservationId: number,
  line: { name: string; priceCents: number; units: number; status?: number },
): Promise<void> {
  const db = t.ctx.db;
  const venueId = casa.venue.id;
  let [product] = await db.select().from(products).where(eq(products.venueId, venueId)).limit(1);
  if (!product) {
    [product] = await db
      .insert(products)
      .values({ venueId, sku: 'CROQ', name: 'Croquetas', priceCents: 850, vatRateBp: 1000 })
      .returning();
  }
  await db.insert(cartSessions).values({ venueId, reservationId }).onConflictDoNothing();
  await db.insert(productOrders).values({
    venueId,
    reservationId,
    productId: product!.id,
    productSku: product!.sku,
    productName: line.name,
    productType: 'comida',
    units: line.units,
    status: line.status ?? 1,
    priceCents: line.priceCents,
    vatRateBp: 1000,
  });
}

describe('createwalkin: De Paso', () => {
  it('seats the party now on the best free table, with menu access, and tells every screen', async () => {
    const walkIn = await api.walkIn({ name: 'Ana', pax: 3 });
    expect(walkIn).toMatchObject({
      status: 1,
      state: 'seated',
      menuAccessEnabled: 1,
      pax: 3,
      source: 'walk_in',
      startDateTime: `${today} 20:00:00`,
      seatedDateTime: `${today}T20:00:00+01:00`,
      list: 'seated',
    });
    expect(walkIn.table).toBe('S3');
    const [event] = await latestEvents(t, casa.venue.id, 1);
    expect(event?.topic).toBe('reservation.created');
    expect(floorEventPayloadSchema.parse(event?.payload)).toMatchObject({
      reservationId: walkIn.id,
      action: 'walkIn',
      state: 'seated',
      version: walkIn.version,
    });
    const bookings = await t.ctx.db
      .select()
      .from(tableBookings)
      .where(and(eq(tableBookings.venueId, casa.venue.id), eq(tableBookings.reservationId, walkIn.id)));
    expect(bookings.map((booking) => booking.status)).toEqual(['seated']);
  });

  it('uses rooms guests cannot book, and joins tables, when the party needs it', async () => {
    expect((await api.walkIn({ pax: 10 })).table).toBe('P1');
    expect((await api.walkIn({ pax: 6 })).table).toBe('S7+S8');
  });

  it('keeps to the room asked for', async () => {
    expect((await api.walkIn({ pax: 2, roomId: casa.roomIds.get('Terraza') })).table).toBe('T1');
  });

  it('answers "No se ha podido asignar mesa." when no table fits', async () => {
    const response = await api.post('/world/reservation/createwalkin', { name: 'Grupo', pax: 40 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'SLOT_UNAVAILABLE',
      reason: 'no_table',
      message: 'No se ha podido asignar mesa.',
    });
  });

  it('never seats a walk-in where an open account still sits past its planned stay', async () => {
    await api.sitIn(['T1'], { pax: 2 });
    await api.sitIn(['T2'], { pax: 2 });
    t.clock.advance(3 * 3600_000); // both accounts are past their planned 90 minutes, still open
    const response = await api.post('/world/reservation/createwalkin', {
      name: 'Ana',
      pax: 2,
      roomId: casa.roomIds.get('Terraza'),
    });
    expect(response.json()).toMatchObject({ result: 409, message: 'No se ha podido asignar mesa.' });
  });

  it('refuses negative pax with the spec message, in the caller language', async () => {
    const response = await api.post('/world/reservation/createwalkin', { name: 'Ana', pax: -2 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Los números negativos no son válidos.',
      fields: [{ path: 'pax', message: 'Los números negativos no son válidos.' }],
    });
    const english = await api.post(
      '/world/reservation/createwalkin',
      { name: 'Ana', pax: -2 },
      { headers: { 'x-locale': 'en' } },
    );
    expect(english.json().message).toBe('Negative numbers are not valid.');
  });

  it('refuses zero or fractional pax, a missing name, unknown fields and strings for numbers', async () => {
    for (const body of [
      { name: 'Ana', pax: 0 },
      { name: 'Ana', pax: 2.5 },
      { name: '  ', pax: 2 },
      { name: 'Ana', pax: 2, surname: 'López' },
      { name: 'Ana', pax: '2' },
      { pax: 2 },
    ]) {
      const response = await api.post('/world/reservation/createwalkin', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const zero = await api.post('/world/reservation/createwalkin', { name: 'Ana', pax: 0 });
    expect(zero.json().message).toBe('Indica un número de comensales válido, de 1 a 100.');
  });

  it('refuses unknown tables and rooms and those of another venue (404)', async () => {
    for (const body of [
      { name: 'Ana', pax: 2, tableIds: [999_999] },
      { name: 'Ana', pax: 2, tableIds: [otra.table('S1')] },
      { name: 'Ana', pax: 2, roomId: otra.roomIds.get('Sala') },
    ]) {
      const response = await api.post('/world/reservation/createwalkin', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(404);
    }
  });

  it('is refused to the kitchen and to staff without a copilot role (403)', async () => {
    const kitchen = await api.post(
      '/world/reservation/createwalkin',
      { name: 'Ana', pax: 2 },
      { role: 'Cocina' },
    );
    expect(kitchen.statusCode).toBe(403);
    expect(kitchen.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Tu rol no permite esta acción.' });
    const cook = await api.post(
      '/world/reservation/createwalkin',
      { name: 'Ana', pax: 2 },
      { token: casa.tokens.cocina },
    );
    expect(cook.statusCode).toBe(403);
    expect((await api.walkIn({}, { role: 'Pasante' })).state).toBe('seated');
    expect((await api.walkIn({}, { token: casa.tokens.admin })).state).toBe('seated');
  });

  it('creates one walk-in for one Idempotency-Key, replaying the reply to a retry', async () => {
    const headers = { 'idempotency-key': `walk-in-${today}` };
    const first = await api.post('/world/reservation/createwalkin', { name: 'Ana', pax: 2 }, { headers });
    const second = await api.post('/world/reservation/createwalkin', { name: 'Ana', pax: 2 }, { headers });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().reservation.id).toBe(first.json().reservation.id);
    const body = await getByDay();
    expect(body.reservations).toHaveLength(1);
  });

  it('seats eight concurrent walk-ins on eight different tables (seatings of a venue take turns)', async () => {
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        api.post('/world/reservation/createwalkin', { name: `P${index}`, pax: 2 }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(8).fill(201));
    const tables = replies.map((reply) => reply.json().reservation.table);
    expect(new Set(tables).size).toBe(8);
  });
});

describe('createwalkin with alreadySeated: Sin Recibir', () => {
  it('registers guests already sitting at the table they chose', async () => {
    const sitIn = await api.sitIn(['S5'], { name: 'Berta', pax: 5 });
    expect(sitIn).toMatchObject({
      state: 'seated',
      table: 'S5',
      pax: 5,
      source: 'sit_in',
      menuAccessEnabled: 1,
    });
  });

  it('needs the table (400) and refuses a table where an account is open or a booking comes first (409)', async () => {
    const missing = await api.post('/world/reservation/createwalkin', {
      name: 'Berta',
      pax: 2,
      alreadySeated: true,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Indica la mesa en la que ya están sentados.');
    await api.sitIn(['S4']);
    const taken = await api.post('/world/reservation/createwalkin', {
      name: 'Otra',
      pax: 2,
      alreadySeated: true,
      tableIds: [casa.table('S4')],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ reason: 'table_taken', message: 'No se ha podido asignar mesa.' });
    const booked = await api.phone(today, { timeSlot: '20:15', pax: 2 });
    const beforeBooking = await api.post('/world/reservation/createwalkin', {
      name: 'Otra',
      pax: 2,
      alreadySeated: true,
      tableIds: [booked.tables[0]!.table_id],
    });
    expect(beforeBooking.statusCode).toBe(409);
  });

  it('gives a shorter stay when a booking of the table comes later', async () => {
    const booked = await api.phone(today, { timeSlot: '21:15', pax: 2 });
    const sitIn = await api.sitIn([booked.table!]);
    expect(sitIn.endDateTime).toBe(`${today} 21:15:00`);
  });

  it('lets one of two tablets seat a party at one table at the same moment; the other gets 409', async () => {
    const body = { name: 'Doble', pax: 2, alreadySeated: true, tableIds: [casa.table('T2')] };
    const replies = await Promise.all([
      api.post('/world/reservation/createwalkin', body),
      api.post('/world/reservation/createwalkin', body),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409]);
    const floor = await getByDay();
    expect(floor.reservations.map((r) => r.name)).toEqual(['Doble']);
    expect(floor.tables.find((table) => table.name === 'T2')?.state).toBe('seated');
  });
});

describe('create-phone: a reservation taken by phone', () => {
  it('books through the availability engine without an email', async () => {
    const booked = await api.phone(today, { timeSlot: '22:00', pax: 4, name: 'Carmen', comments: 'Trona' });
    expect(booked).toMatchObject({
      state: 'confirmed',
      status: 1,
      menuAccessEnabled: 0,
      source: 'phone',
      startDateTime: `${today} 22:00:00`,
      phone: '+34 600 111 222',
      email: null,
      comments: 'Trona',
      list: 'toCome',
    });
    expect(booked.table).toBe('S3');
    const [event] = await latestEvents(t, casa.venue.id, 1);
    expect(event).toMatchObject({ topic: 'reservation.created' });
    expect(floorEventPayloadSchema.parse(event?.payload).action).toBe('phone');
  });

  it('answers a time that is not offered with 409 and the fresh time slots', async () => {
    const response = await api.post('/world/reservation/create-phone', {
      date: today,
      timeSlot: '17:00',
      pax: 2,
      name: 'Carmen',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('SLOT_UNAVAILABLE');
    expect(response.json().timeSlots.length).toBeGreaterThan(0);
  });

  it('refuses negative pax, a missing name, a bad email, a closed date (400) and foreign rooms (404)', async () => {
    const negative = await api.post('/world/reservation/create-phone', {
      date: today,
      timeSlot: '21:30',
      pax: -1,
      name: 'Carmen',
    });
    expect(negative.json()).toMatchObject({ result: 400, message: 'Los números negativos no son válidos.' });
    for (const body of [
      { date: today, timeSlot: '21:30', pax: 2, name: '' },
      { date: today, timeSlot: '21:30', pax: 2, name: 'Carmen', email: 'no-es-un-correo' },
      { date: '2020-01-01', timeSlot: '21:30', pax: 2, name: 'Carmen' },
    ]) {
      expect((await api.post('/world/reservation/create-phone', body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
    const foreignRoom = await api.post('/world/reservation/create-phone', {
      date: today,
      timeSlot: '21:30',
      pax: 2,
      name: 'Carmen',
      roomId: otra.roomIds.get('Sala'),
    });
    expect(foreignRoom.statusCode).toBe(404);
  });

  it('is refused to the kitchen (403)', async () => {
    const response = await api.post(
      '/world/reservation/create-phone',
      { date: today, timeSlot: '21:30', pax: 2, name: 'Carmen' },
      { role: 'Cocina' },
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('updatepax', () => {
  it('changes the party, moves the version on and tells every screen', async () => {
    const walkIn = await api.walkIn({ pax: 2 });
    const updated = await api.reservation('/world/api/reservation/updatepax', {
      reservationWid: walkIn.wid,
      pax: 3,
      expectedVersion: walkIn.version,
    });
    expect(updated.pax).toBe(3);
    expect(updated.version).toBeGreaterThan(walkIn.version);
    const [event] = await latestEvents(t, casa.venue.id, 1);
    expect(event?.topic).toBe('reservation.updated');
    expect(event?.payload).toMatchObject({ reservationId: walkIn.id, action: 'updatePax', pax: 3 });
  });

  it('refuses negative pax with the spec message and other bad input with 400', async () => {
    const walkIn = await api.walkIn();
    const negative = await api.post('/world/api/reservation/updatepax', {
      reservationWid: walkIn.wid,
      pax: -3,
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe('Los números negativos no son válidos.');
    expect(
      (await api.post('/world/api/reservation/updatepax', { reservationWid: walkIn.wid })).statusCode,
    ).toBe(400);
    expect(
      (await api.post('/world/api/reservation/updatepax', { reservationWid: walkIn.wid, pax: 'tres' }))
        .statusCode,
    ).toBe(400);
  });

  it('answers a stale version with the spec message "Ha ocurrido un error actualizando los comensales"', async () => {
    const walkIn = await api.walkIn();
    await api.reservation('/world/api/reservation/updatepax', { reservationWid: walkIn.wid, pax: 3 });
    const stale = await api.post('/world/api/reservation/updatepax', {
      reservationWid: walkIn.wid,
      pax: 4,
      expectedVersion: walkIn.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'CONFLICT',
      reason: 'stale_version',
      message: 'Ha ocurrido un error actualizando los comensales',
      state: 'seated',
    });
  });

  it('lets one of two tablets with the same version win; the other gets 409 and nothing is overwritten', async () => {
    const walkIn = await api.walkIn({ pax: 2 });
    const replies = await Promise.all(
      [5, 6].map((pax) =>
        api.post('/world/api/reservation/updatepax', {
          reservationWid: walkIn.wid,
          pax,
          expectedVersion: walkIn.version,
        }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const winner = replies.find((reply) => reply.statusCode === 200)!.json().reservation.pax;
    const body = await getByDay();
    expect(body.reservations.find((r) => r.id === walkIn.id)?.pax).toBe(winner);
  });

  it('is 404 for unknown and foreign reservations, 403 for the kitchen, 409 once finished', async () => {
    const walkIn = await api.walkIn();
    const foreign = await otraApi.walkIn();
    expect(
      (await api.post('/world/api/reservation/updatepax', { reservationWid: foreign.wid, pax: 3 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await api.post('/world/api/reservation/updatepax', { reservationWid: foreign.id, pax: 3 })).statusCode,
    ).toBe(404);
    expect(
      (await api.post('/world/api/reservation/updatepax', { reservationWid: 'no-existe', pax: 3 }))
        .statusCode,
    ).toBe(404);
    const kitchen = await api.post(
      '/world/api/reservation/updatepax',
      { reservationWid: walkIn.wid, pax: 3 },
      { role: 'Cocina' },
    );
    expect(kitchen.statusCode).toBe(403);
    await api.reservation(`/world/api/reservation/${walkIn.id}/close`, {});
    const finished = await api.post('/world/api/reservation/updatepax', {
      reservationWid: walkIn.wid,
      pax: 3,
    });
    expect(finished.statusCode).toBe(409);
    expect(finished.json()).toMatchObject({
      code: 'RESERVATION_FINISHED',
      message: 'La reserva ha finalizado',
      state: 'finished',
      allowedActions: ['reactivate'],
    });
  });
});

describe('updatetable', () => {
  it('moves a booking to a free table, keeping its time; the old table is free', async () => {
    const booked = await api.phone(today, { timeSlot: '21:30', pax: 2 });
    const moved = await api.reservation('/world/api/reservation/updatetable', {
      reservationWid: booked.wid,
      tableIds: [casa.table('T1')],
    });
    expect(moved).toMatchObject({
      table: 'T1',
      roomName: 'Terraza',
      startDateTime: booked.startDateTime,
      state: 'confirmed',
    });
    const body = await getByDay();
    expect(body.tables.find((table) => table.name === booked.table)?.state).toBe('free');
    expect(body.tables.find((table) => table.name === 'T1')).toMatchObject({
      state: 'booked_soon',
      reservationId: booked.id,
    });
  });

  it('moves an open account from now on, to joined tables too', async () => {
    const walkIn = await api.walkIn({ pax: 4 });
    t.clock.advance(30 * 60_000);
    const moved = await api.reservation('/world/api/reservation/updatetable', {
      reservationWid: walkIn.wid,
      tableIds: [casa.table('S7'), casa.table('S8')],
    });
    expect(moved).toMatchObject({ table: 'S7+S8', state: 'seated', startDateTime: walkIn.startDateTime });
    const live = await t.ctx.db
      .select()
      .from(tableBookings)
      .where(and(eq(tableBookings.reservationId, walkIn.id), eq(tableBookings.status, 'seated')));
    expect(live.map((row) => row.during.start.toISOString())).toEqual([
      `${today}T19:30:00.000Z`,
      `${today}T19:30:00.000Z`,
    ]);
  });

  it('refuses a table that is taken (409) and changes nothing', async () => {
    const sitting = await api.sitIn(['S6']);
    const booked = await api.phone(today, { timeSlot: '20:30', pax: 2 });
    const response = await api.post('/world/api/reservation/updatetable', {
      reservationWid: booked.wid,
      tableIds: [casa.table('S6')],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'SLOT_UNAVAILABLE', reason: 'table_taken' });
    const body = await getByDay();
    expect(body.reservations.find((r) => r.id === booked.id)?.table).toBe(booked.table);
    expect(body.reservations.find((r) => r.id === sitting.id)?.table).toBe('S6');
  });

  it('moves only one of two reservations racing for one table; the other gets 409', async () => {
    const first = await api.phone(today, { timeSlot: '21:30', pax: 2 });
    const second = await api.phone(today, { timeSlot: '21:30', pax: 2 });
    const replies = await Promise.all(
      [first, second].map((booked) =>
        api.post('/world/api/reservation/updatetable', {
          reservationWid: booked.wid,
          tableIds: [casa.table('T2')],
        }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
  });

  it('is 404 for unknown or foreign tables and reservations, 400 for bad input, 403 for the kitchen, 409 finished', async () => {
    const walkIn = await api.walkIn();
    const foreign = await otraApi.walkIn();
    for (const body of [
      { reservationWid: walkIn.wid, tableIds: [999_999] },
      { reservationWid: walkIn.wid, tableIds: [otra.table('T1')] },
      { reservationWid: foreign.wid, tableIds: [casa.table('T1')] },
    ]) {
      const response = await api.post('/world/api/reservation/updatetable', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(404);
    }
    const unknownTable = await api.post('/world/api/reservation/updatetable', {
      reservationWid: walkIn.wid,
      tableIds: [999_999],
    });
    expect(unknownTable.json().message).toBe('Esa mesa no existe en este local.');
    for (const body of [
      { reservationWid: walkIn.wid, tableIds: [] },
      { reservationWid: walkIn.wid, tableIds: [casa.table('T1'), casa.table('T1')] },
      { reservationWid: walkIn.wid, table: 'T1' },
    ]) {
      expect((await api.post('/world/api/reservation/updatetable', body)).statusCode).toBe(400);
    }
    const kitchen = await api.post(
      '/world/api/reservation/updatetable',
      { reservationWid: walkIn.wid, tableIds: [casa.table('T1')] },
      { role: 'Cocina' },
    );
    expect(kitchen.statusCode).toBe(403);
    await api.reservation(`/world/api/reservation/${walkIn.wid}/close`, {});
    const finished = await api.post('/world/api/reservation/updatetable', {
      reservationWid: walkIn.wid,
      tableIds: [casa.table('T1')],
    });
    expect(finished.statusCode).toBe(409);
  });
});

describe('update-staff-comments and update-location-tag', () => {
  it('writes and clears the internal comment; the kitchen may write it too', async () => {
    const walkIn = await api.walkIn();
    const commented = await api.reservation('/world/reservation/update-staff-comments', {
      reservationWid: walkIn.wid,
      staffComments: '  Alergia al marisco  ',
    });
    expect(commented.staffComments).toBe('Alergia al marisco');
    const byKitchen = await api.reservation(
      '/world/reservation/update-staff-comments',
      { reservationWid: walkIn.wid, staffComments: 'Sin gluten' },
      { token: casa.tokens.cocina },
    );
    expect(byKitchen.staffComments).toBe('Sin gluten');
    const cleared = await api.reservation('/world/reservation/update-staff-comments', {
      reservationWid: walkIn.wid,
      staffComments: null,
    });
    expect(cleared.staffComments).toBeNull();
  });

  it('refuses bad input (400), no role (403), foreign (404) and finished (409) comments', async () => {
    const walkIn = await api.walkIn();
    const foreign = await otraApi.walkIn();
    const url = '/world/reservation/update-staff-comments';
    expect(
      (await api.post(url, { reservationWid: walkIn.wid, staffComments: 'x'.repeat(2001) })).statusCode,
    ).toBe(400);
    expect((await api.post(url, { reservationWid: walkIn.wid })).statusCode).toBe(400);
    expect(
      (await api.post(url, { reservationWid: walkIn.wid, staffComments: 'a' }, { token: casa.tokens.noRole }))
        .statusCode,
    ).toBe(403);
    expect((await api.post(url, { reservationWid: foreign.wid, staffComments: 'a' })).statusCode).toBe(404);
    await api.reservation(`/world/api/reservation/${walkIn.id}/close`, {});
    expect((await api.post(url, { reservationWid: walkIn.wid, staffComments: 'a' })).statusCode).toBe(409);
  });

  it('sets one of the venue location tags, refuses others, clears with null', async () => {
    const booked = await api.phone(today);
    const url = '/world/reservation/update-location-tag';
    expect(
      (await api.reservation(url, { reservationWid: booked.wid, locationTag: 'ventana' })).locationTag,
    ).toBe('ventana');
    const unknown = await api.post(url, { reservationWid: booked.wid, locationTag: 'azotea' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Esa etiqueta de ubicación no existe en este local.');
    expect(
      (await api.post(url, { reservationWid: booked.wid, locationTag: 'ventana' }, { role: 'Cocina' }))
        .statusCode,
    ).toBe(403);
    const foreign = await otraApi.phone(today);
    expect((await api.post(url, { reservationWid: foreign.wid, locationTag: 'ventana' })).statusCode).toBe(
      404,
    );
    expect(
      (await api.reservation(url, { reservationWid: booked.wid, locationTag: null })).locationTag,
    ).toBeNull();
    await api.reservation('/world/api/reservation/cancel', { reservationWid: booked.wid });
    expect((await api.post(url, { reservationWid: booked.wid, locationTag: 'ventana' })).statusCode).toBe(
      409,
    );
  });
});

describe('user-details and search-account', () => {
  it('shows the guests behind a reservation with contact, allergens and earlier visits', async () => {
    const booked = await api.phone(today, {
      name: 'Lucía',
      email: 'lucia@example.com',
      phone: '+34 600 333 444',
    });
    const [guest] = await t.ctx.db.select().from(guests).where(eq(guests.email, 'lucia@example.com'));
    await t.ctx.db
      .insert(guestAllergens)
      .values({ venueId: casa.venue.id, guestId: guest!.id, allergenId: 7 });
    t.clock.set(`${addDays(today, 3)}T19:00:00Z`);
    const later = await api.phone(addDays(today, 3), { name: 'Lucía', email: 'LUCIA@example.com' });
    const response = await api.post('/world/api/reservation/user-details', { reservationWid: later.wid });
    expect(response.statusCode, response.body).toBe(200);
    const details = userDetailsResponseSchema.parse(response.json());
    expect(details.guests).toEqual([
      {
        id: guest!.id,
        name: 'Lucía',
        email: 'lucia@example.com',
        phone: '+34 600 333 444',
        locale: null,
        isHost: true,
        allergenIds: [7],
        visits: 1,
      },
    ]);
    expect(details.reservation.id).toBe(later.id);
    expect(booked.email).toBe('lucia@example.com');
  });

  it('refuses foreign reservations (404) and staff without a role (403); a finished one can still be read', async () => {
    const walkIn = await api.walkIn();
    const foreign = await otraApi.walkIn();
    expect(
      (await api.post('/world/api/reservation/user-details', { reservationWid: foreign.wid })).statusCode,
    ).toBe(404);
    expect(
      (
        await api.post(
          '/world/api/reservation/user-details',
          { reservationWid: walkIn.wid },
          { token: casa.tokens.noRole },
        )
      ).statusCode,
    ).toBe(403);
    await api.reservation(`/world/api/reservation/${walkIn.id}/close`, {});
    expect(
      (await api.post('/world/api/reservation/user-details', { reservationWid: walkIn.wid })).statusCode,
    ).toBe(200);
  });

  it('finds the day accounts by name (accents and case ignored), table, booking reference or wid, never another venue', async () => {
    const ana = await api.walkIn({ name: 'Ánxela' });
    const booked = await api.phone(today, { name: 'Carmen' });
    await otraApi.walkIn({ name: 'Anxela' });
    const search = async (q: string) => {
      const response = await api.post('/world/api/reservation/search-account', { q });
      expect(response.statusCode, response.body).toBe(200);
      return searchAccountResponseSchema.parse(response.json()).reservations.map((r) => r.id);
    };
    expect(await search('anxe')).toEqual([ana.id]);
    expect(await search(booked.table!)).toEqual([booked.id]);
    expect(await search(`mesa ${booked.table!.toLowerCase()}`)).toEqual([booked.id]);
    expect(await search(ana.wid.slice(0, 8))).toEqual([ana.id]);
    // The booking reference as a guest reads it out over the phone: any case, with a dash or spaces.
    expect(booked.reference).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect(ana.reference).not.toBe(booked.reference);
    const spoken = `${booked.reference!.slice(0, 3)}-${booked.reference!.slice(3)}`.toLowerCase();
    expect(await search(spoken)).toEqual([booked.id]);
    expect(await search('nadie')).toEqual([]);
    expect((await api.post('/world/api/reservation/search-account', { q: '' })).statusCode).toBe(400);
    expect(
      (await api.post('/world/api/reservation/search-account', { q: 'ana' }, { token: casa.tokens.noRole }))
        .statusCode,
    ).toBe(403);
  });
});

describe('account QR and Google-review QR', () => {
  it('hands out an invitation a guest scans to join the table account from their phone', async () => {
    const walkIn = await api.walkIn();
    const response = await api.post('/world/api/reservation/account-qr', { reservationWid: walkIn.wid });
    expect(response.statusCode, response.body).toBe(200);
    const qr = accountQrResponseSchema.parse(response.json());
    expect(qr.url).toBe(`http://casa.sobremesa.test/menu?uid=${encodeURIComponent(qr.uid)}`);
    expect(qr.uid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const joined = await api.post(
      '/world/api/reservation/addguest',
      { createGuest: true, reservationWid: walkIn.wid, hostCode: qr.uid, invitedUserName: 'Dani' },
      { token: null },
    );
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().guests.map((guest: { name: string }) => guest.name)).toEqual(['Dani']);
  });

  it('is refused for foreign (404), kitchen (403) and finished (409) reservations', async () => {
    const walkIn = await api.walkIn();
    const foreign = await otraApi.walkIn();
    const url = '/world/api/reservation/account-qr';
    expect((await api.post(url, { reservationWid: foreign.wid })).statusCode).toBe(404);
    expect((await api.post(url, { reservationWid: walkIn.wid }, { role: 'Cocina' })).statusCode).toBe(403);
    await api.reservation(`/world/api/reservation/${walkIn.id}/close`, {});
    expect((await api.post(url, { reservationWid: walkIn.wid })).statusCode).toBe(409);
  });

  it('gives the venue Google-review link, 404 when the venue has none, 403 to the kitchen', async () => {
    const response = await api.post('/world/api/reservation/review-qr', {});
    expect(reviewQrResponseSchema.parse(response.json()).url).toBe('https://g.page/r/casa/review');
    const none = await otraApi.post('/world/api/reservation/review-qr', {});
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Este local no tiene configurado el enlace de reseñas de Google.');
    expect((await api.post('/world/api/reservation/review-qr', {}, { role: 'Cocina' })).statusCode).toBe(403);
  });
});
