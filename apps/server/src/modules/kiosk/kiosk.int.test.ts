import {
  doorLogHistoryResponseSchema,
  kioskRegisterResponseSchema,
  kioskWalkInResponseSchema,
  registerReservationResponseSchema,
  type RegisterReservationResponse,
} from '@sobremesa/contracts';
import { addDays } from '@sobremesa/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { doorLogs, notifications, reservations, tableBookings } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { floorClient, givenFloorVenue, startServiceDay, type FloorVenue } from '../floor/floor.fixtures.ts';

/**
 * The kiosk at the door (issue 26): a guest's booking QR checks them in (0), says there is no booking
 * today (1), that it is for another day (2) or that the code is not ours (-1); each reading is in the door
 * log; Sala is told; walk-ins get a table now or staff; the calls keep to their venue, their role and
 * their rate.
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
  casa = await givenFloorVenue(t, 'casa');
  otra = await givenFloorVenue(t, 'otra');
  api = floorClient(t, casa);
  otraApi = floorClient(t, otra);
  // Two furnished venues with eight signed-in staff: slow on a loaded machine.
}, 180_000);
afterAll(() => t?.close());
beforeEach(async () => {
  today = await startServiceDay(t, day, [casa, otra]);
  day += 1;
});

/** A guest books on the web form and gets the confirmation with its QR. */
async function book(
  place: FloorVenue,
  date: string,
  overrides: Record<string, unknown> = {},
): Promise<RegisterReservationResponse> {
  const response = await floorClient(t, place).post(
    '/world/reservation/register',
    {
      date,
      timeSlot: '21:00',
      pax: 2,
      name: 'Lucía',
      email: 'lucia@example.com',
      consent: true,
      locale: 'es',
      ...overrides,
    },
    { token: null },
  );
  expect(response.statusCode, response.body).toBe(201);
  return registerReservationResponseSchema.parse(response.json());
}

async function scan(code: string, client = api, payload: Record<string, unknown> = {}) {
  const response = await client.post('/world/api/kiosk/register', { code, agent: 'kiosk-door', ...payload });
  expect(response.statusCode, response.body).toBe(200);
  return kioskRegisterResponseSchema.parse(response.json());
}

async function pendingOfType(place: FloorVenue, type: string) {
  return t.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.venueId, place.venue.id), eq(notifications.type, type)));
}

describe('kiosk/register: a booking QR at the door', () => {
  it('checks the guest in (0): seated on their table, Sala told, the door log keeps the hash only', async () => {
    const booking = await book(casa, today);
    const before = (await pendingOfType(casa, 'kiosk_qr_scan')).length;
    const result = await scan(booking.qrPayload);
    expect(result).toMatchObject({ result: 0, scanResult: 0, name: 'Lucía', pax: 2, staffCalled: false });
    expect(result.tables).toHaveLength(1);
    expect(result.tables[0]?.roomName).toBe('Sala');

    const [row] = await t.ctx.db
      .select()
      .from(reservations)
      .where(eq(reservations.wid, booking.reservation.wid));
    expect(row).toMatchObject({ menuAccessEnabled: true });
    const bookings = await t.ctx.db
      .select()
      .from(tableBookings)
      .where(eq(tableBookings.reservationId, row!.id));
    expect(bookings.map((booked) => booked.status)).toEqual(['seated']);

    const raised = await pendingOfType(casa, 'kiosk_qr_scan');
    expect(raised).toHaveLength(before + 1);
    expect(raised.at(-1)).toMatchObject({ reservationId: row!.id });

    const [logged] = await t.ctx.db.select().from(doorLogs).where(eq(doorLogs.reservationId, row!.id));
    expect(logged).toMatchObject({ type: 1, result: 0, agent: 'kiosk-door' });
    expect(logged?.code).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(JSON.stringify(logged)).not.toContain(booking.checkInCode);

    // Shown again (the guest scans twice): still checked in, on the same table, and logged again.
    const again = await scan(booking.checkInCode);
    expect(again).toMatchObject({ scanResult: 0, tables: result.tables });
  });

  it('answers 2 for a booking of another day, 1 for a cancelled one, -1 for a code not ours', async () => {
    const tomorrow = await book(casa, addDays(today, 1));
    expect(await scan(tomorrow.qrPayload)).toMatchObject({
      scanResult: 2,
      date: addDays(today, 1),
      tables: [],
      name: 'Lucía',
    });
    const [future] = await t.ctx.db
      .select()
      .from(reservations)
      .where(eq(reservations.wid, tomorrow.reservation.wid));
    expect(future?.menuAccessEnabled).toBe(false);

    const cancelled = await book(casa, today, { timeSlot: '21:30' });
    const cancel = await api.post('/world/api/reservation/cancel', {
      reservationWid: cancelled.reservation.wid,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await scan(cancelled.qrPayload)).toMatchObject({ scanResult: 1, tables: [] });

    for (const code of ['https://example.com/menu?uid=abc', 'hola', 'A'.repeat(43)]) {
      expect(await scan(code)).toMatchObject({ scanResult: -1, name: null, tables: [] });
    }
    // Another venue's QR is not ours either, and it is not checked in there.
    const elsewhere = await book(otra, today);
    expect(await scan(elsewhere.qrPayload)).toMatchObject({ scanResult: -1 });
    const [foreign] = await t.ctx.db
      .select()
      .from(reservations)
      .where(eq(reservations.wid, elsewhere.reservation.wid));
    expect(foreign?.menuAccessEnabled).toBe(false);
    expect(await scan(elsewhere.qrPayload, otraApi)).toMatchObject({ scanResult: 0 });
  });

  it('checks in by the booking reference typed as the guest says it: 0 today, 2 another day, -1 unknown', async () => {
    const booking = await book(casa, today);
    const reference = booking.reservation.reference!;
    expect(reference).toMatch(/^[2-9A-Z]{6}$/);
    const spoken = `${reference.slice(0, 3).toLowerCase()}-${reference.slice(3)} `;
    const result = await scan(spoken);
    expect(result).toMatchObject({ scanResult: 0, name: 'Lucía', pax: 2, staffCalled: false });
    expect(result.tables).toHaveLength(1);

    const later = await book(casa, addDays(today, 2));
    expect(await scan(later.reservation.reference!.toLowerCase())).toMatchObject({
      scanResult: 2,
      date: addDays(today, 2),
      tables: [],
    });

    // A well-formed reference nobody booked, and another venue's booking, are not ours.
    const taken = new Set([reference, later.reservation.reference]);
    const unknown = ['222222', '333333', '444444'].find((candidate) => !taken.has(candidate))!;
    expect(await scan(unknown)).toMatchObject({ scanResult: -1, name: null });
    const elsewhere = await book(otra, today);
    expect(await scan(elsewhere.reservation.reference!)).toMatchObject({ scanResult: -1 });
  });

  it('gives a table to a booking that had none, or says none could be given and calls staff', async () => {
    const booking = await book(casa, today, { pax: 4 });
    const [row] = await t.ctx.db
      .select()
      .from(reservations)
      .where(eq(reservations.wid, booking.reservation.wid));
    // Staff took its table back: it arrives without one and gets the best one free now.
    await t.ctx.db.delete(tableBookings).where(eq(tableBookings.reservationId, row!.id));
    const seated = await scan(booking.qrPayload);
    expect(seated).toMatchObject({ scanResult: 0, staffCalled: false });
    expect(seated.tables).toHaveLength(1);

    // Every table busy: the guest hears that staff come, and Sala's notification says a table is needed.
    const late = await book(casa, today, { pax: 2, timeSlot: '22:00' });
    const [lateRow] = await t.ctx.db
      .select()
      .from(reservations)
      .where(eq(reservations.wid, late.reservation.wid));
    await t.ctx.db.delete(tableBookings).where(eq(tableBookings.reservationId, lateRow!.id));
    for (let walkIns = 0; walkIns < 12; walkIns += 1) {
      const response = await api.post('/world/api/kiosk/createwalkin', { name: `Grupo ${walkIns}`, pax: 2 });
      if (kioskWalkInResponseSchema.parse(response.json()).staffCalled) break;
    }
    const none = await scan(late.qrPayload);
    expect(none).toMatchObject({ scanResult: 0, tables: [], staffCalled: true, name: 'Lucía' });
    const raised = await pendingOfType(casa, 'kiosk_qr_scan');
    expect(raised.at(-1)).toMatchObject({ reservationId: lateRow!.id, data: { needsTable: true } });
  }, 90_000);

  it('refuses bad input (400), no token (401), a role that may not seat (403), and floods (429)', async () => {
    const bad = [
      {},
      { code: '' },
      { code: 'x'.repeat(513) },
      { code: 'x', type: 2 },
      { code: 'x', extra: 1 },
    ];
    for (const payload of bad) {
      expect((await api.post('/world/api/kiosk/register', payload)).statusCode).toBe(400);
    }
    expect((await api.post('/world/api/kiosk/register', { code: 'x' }, { token: null })).statusCode).toBe(
      401,
    );
    expect(
      (await api.post('/world/api/kiosk/register', { code: 'x' }, { token: casa.tokens.cocina })).statusCode,
    ).toBe(403);
    // Another venue's session is not this venue's kiosk.
    expect(
      (await api.post('/world/api/kiosk/register', { code: 'x' }, { token: otra.tokens.staff })).statusCode,
    ).toBe(401);

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      statuses.push((await api.post('/world/api/kiosk/register', { code: `guess-${attempt}` })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    // The window passes: the door works again.
    t.clock.set(new Date(t.clock.now().getTime() + 61_000).toISOString());
    expect(await scan('hola')).toMatchObject({ scanResult: -1 });
  }, 90_000);
});

describe('kiosk/createwalkin', () => {
  it('seats a party of four on a free table now and tells Sala', async () => {
    const response = await api.post('/world/api/kiosk/createwalkin', { name: 'Marta', pax: 4 });
    expect(response.statusCode, response.body).toBe(201);
    const walkIn = kioskWalkInResponseSchema.parse(response.json());
    expect(walkIn).toMatchObject({ name: 'Marta', pax: 4, staffCalled: false });
    expect(walkIn.tables).toHaveLength(1);
    const raised = await pendingOfType(casa, 'kiosk_walk_in');
    expect(raised.at(-1)).toMatchObject({ data: { name: 'Marta', pax: 4, needsTable: false } });
    const [account] = await t.ctx.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.venueId, casa.venue.id), eq(reservations.name, 'Marta')));
    expect(account).toMatchObject({ source: 'walk_in', pax: 4, menuAccessEnabled: true });
  });

  it('refuses a nameless party and negative sizes with the spec message, in the caller’s language', async () => {
    const negative = await api.post('/world/api/kiosk/createwalkin', { name: 'Ana', pax: -2 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toMatchObject({ message: 'Los números negativos no son válidos.' });
    expect((await api.post('/world/api/kiosk/createwalkin', { name: ' ', pax: 2 })).statusCode).toBe(400);
    expect((await api.post('/world/api/kiosk/createwalkin', { name: 'Ana' })).statusCode).toBe(400);
    expect(
      (await otraApi.post('/world/api/kiosk/createwalkin', { name: 'Ana', pax: 2 }, { token: null }))
        .statusCode,
    ).toBe(401);
  });
});

describe('door log', () => {
  it('records a door reading and lists the last day, newest first, filtered by device and account', async () => {
    const recorded = await api.post('/world/doorlog/register', {
      code: 'TARJETA-7',
      agent: 'puerta-2',
      type: 1,
      text: 'Entrada',
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    await scan('desconocido', api, { agent: 'kiosk-door' });

    const history = await api.post('/world/doorlog/history', {});
    expect(history.statusCode, history.body).toBe(200);
    const body = doorLogHistoryResponseSchema.parse(history.json());
    expect(body.entries[0]).toMatchObject({ code: 'desconocido', result: -1, agent: 'kiosk-door' });
    expect(body.entries[1]).toMatchObject({
      code: 'TARJETA-7',
      agent: 'puerta-2',
      text: 'Entrada',
      result: null,
    });
    expect(body.dateTo).toMatch(/\+01:00$/);

    const door = doorLogHistoryResponseSchema.parse(
      (await api.post('/world/doorlog/history', { welkhomeKey: 'puerta-2' })).json(),
    );
    expect(door.entries.map((entry) => entry.code)).toEqual(['TARJETA-7']);
    const byUser = doorLogHistoryResponseSchema.parse(
      (await api.post('/world/doorlog/history', { userId: body.entries[0]!.userId! })).json(),
    );
    expect(byUser.entries.length).toBeGreaterThanOrEqual(2);

    // Yesterday's readings are outside the last day; the other venue sees none of these.
    t.clock.set(new Date(t.clock.now().getTime() + 25 * 3600_000).toISOString());
    await casa.refreshTokens();
    const later = doorLogHistoryResponseSchema.parse((await api.post('/world/doorlog/history', {})).json());
    expect(later.entries.find((entry) => entry.code === 'TARJETA-7')).toBeUndefined();
    const theirs = doorLogHistoryResponseSchema.parse(
      (await otraApi.post('/world/doorlog/history', {})).json(),
    );
    expect(theirs.entries.find((entry) => entry.code === 'TARJETA-7')).toBeUndefined();
  });

  it('refuses a backwards or too long period and bad dates (400)', async () => {
    const backwards = await api.post('/world/doorlog/history', {
      dateFrom: `${today}T21:00:00+01:00`,
      dateTo: `${today}T20:00:00+01:00`,
    });
    expect(backwards.statusCode).toBe(400);
    const long = await api.post('/world/doorlog/history', {
      dateFrom: `${addDays(today, -40)}T21:00:00+01:00`,
      dateTo: `${today}T20:00:00+01:00`,
    });
    expect(long.statusCode).toBe(400);
    expect((await api.post('/world/doorlog/history', { dateFrom: today })).statusCode).toBe(400);
    expect((await api.post('/world/doorlog/history', {}, { token: null })).statusCode).toBe(401);
  });
});
