import {
  floorConflictBodySchema,
  getByDayResponseSchema,
  mergeResponseSchema,
  type ServerMessage,
} from '@sobremesa/contracts';
import {
  FLOOR_ACTORS,
  FLOOR_OPERATIONS,
  mayPerform,
  type FloorActor,
  type FloorOperation,
} from '@sobremesa/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  cartSessions,
  payments,
  productOrders,
  products,
  realtimeEvents,
  reservationGuests,
  reservations,
  tableBookings,
} from '../../db/schema/index.ts';
import { buildTestApp, hostOf, type TestApp } from '../../test/test-app.ts';
import { TestSocket } from '../realtime/realtime-test-socket.ts';
import {
  auditOf,
  floorClient,
  givenFloorVenue,
  latestEvents,
  startServiceDay,
  type FloorVenue,
} from './floor.fixtures.ts';

/**
 * State actions of the copilot floor through HTTP (issue 5, decision 007): enable, ready to order, no-show,
 * cancel, close, reactivate and merge against the transition table; their audit rows (SEC-11); two tablets
 * acting on one reservation at once (one wins, the other gets 409, never a silent overwrite); the events
 * every other staff screen receives; and the role × action matrix over every route (SEC-02).
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
  casa = await givenFloorVenue(t, 'casa', { reviewGoogleMapsUrl: 'https://g.page/r/casa/review' });
  otra = await givenFloorVenue(t, 'otra');
  api = floorClient(t, casa);
  otraApi = floorClient(t, otra);
});
afterAll(() => t.close());
beforeEach(async () => {
  today = await startServiceDay(t, day, [casa, otra]);
  day += 1;
});

async function floorOfToday() {
  const response = await api.post('/world/api/reservation/getbyday', {});
  expect(response.statusCode, response.body).toBe(200);
  return getByDayResponseSchema.parse(response.json());
}

function conflict(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(409);
  return floorConflictBodySchema.parse(response.json());
}

const url = {
  enable: '/world/api/reservation/enable-reservation',
  ready: '/world/api/reservation/ready-to-order',
  noShow: '/world/api/reservation/set-no-show',
  cancel: '/world/api/reservation/cancel',
  reactivate: '/world/api/reservation/reactivate',
  merge: '/world/reservation/merge',
  close: (ref: string | number) => `/world/api/reservation/${ref}/close`,
};

describe('enable-reservation: the guests arrived', () => {
  it('seats a booking with menu access; its tables become seated; every screen hears it', async () => {
    const booked = await api.phone(today);
    const seated = await api.reservation(url.enable, {
      reservationWid: booked.wid,
      expectedVersion: booked.version,
    });
    expect(seated).toMatchObject({
      state: 'seated',
      status: 1,
      menuAccessEnabled: 1,
      list: 'seated',
      table: booked.table,
    });
    expect(seated.seatedDateTime).toBe(`${today}T20:00:00+01:00`);
    const bookings = await t.ctx.db
      .select()
      .from(tableBookings)
      .where(eq(tableBookings.reservationId, booked.id));
    expect(bookings.map((row) => row.status)).toEqual(['seated']);
    const [event] = await latestEvents(t, casa.venue.id, 1);
    expect(event).toMatchObject({ topic: 'reservation.updated' });
    expect(event?.payload).toMatchObject({
      reservationId: booked.id,
      action: 'seat',
      state: 'seated',
      menuAccessEnabled: 1,
    });
  });

  it('a party seated before its booking holds its tables from then: no walk-in is put there', async () => {
    // Eight booked for 22:30 on S7+S8 (the dining room's only tables for eight), seated at 20:00: theirs from
    // now. Eight more walking in fitted there before 22:30 when only the booking's time counted.
    const booked = await api.phone(today, { pax: 8, timeSlot: '22:30' });
    expect(booked.table).toBe('S7+S8');
    await api.reservation(url.enable, { reservationWid: booked.wid, expectedVersion: booked.version });
    await api.sitIn(['P1'], { name: 'Banquete', pax: 10 });
    const walkIn = await api.post('/world/reservation/createwalkin', { name: 'Grupo', pax: 8 });
    // Before: 201 on S7+S8, where the early party sits.
    expect(walkIn.statusCode).toBe(409);
    expect(walkIn.json()).toMatchObject({ reason: 'no_table', message: 'No se ha podido asignar mesa.' });
  });

  it('refuses seated guests (409 invalid transition), the kitchen (403), foreign ids (404), cancelled ones (409)', async () => {
    const walkIn = await api.walkIn();
    const again = conflict(await api.post(url.enable, { reservationWid: walkIn.wid }));
    expect(again).toMatchObject({
      code: 'CONFLICT',
      reason: 'invalid_transition',
      state: 'seated',
      message: 'Esta acción no es posible en el estado actual de la reserva. Actualiza la lista.',
    });
    const booked = await api.phone(today);
    expect((await api.post(url.enable, { reservationWid: booked.wid }, { role: 'Cocina' })).statusCode).toBe(
      403,
    );
    const foreign = await otraApi.phone(today);
    expect((await api.post(url.enable, { reservationWid: foreign.wid })).statusCode).toBe(404);
    expect((await api.post(url.enable, { reservationWid: foreign.id })).statusCode).toBe(404);
    expect((await api.post(url.enable, { reservationWid: booked.wid, extra: true })).statusCode).toBe(400);
    await api.reservation(url.cancel, { reservationWid: booked.wid });
    expect(conflict(await api.post(url.enable, { reservationWid: booked.wid }))).toMatchObject({
      code: 'RESERVATION_FINISHED',
      message: 'La reserva ha finalizado',
    });
  });
});

describe('ready-to-order', () => {
  it('marks a seated table as ready to order; the floor shows it ordering', async () => {
    const walkIn = await api.walkIn();
    const ready = await api.reservation(url.ready, { reservationId: walkIn.id });
    expect(ready.readyToOrderDateTime).toBe(`${today}T20:00:00+01:00`);
    const floor = await floorOfToday();
    expect(floor.tables.find((table) => table.name === walkIn.table)?.state).toBe('ordering');
  });

  it('refuses a booking not seated (409), the kitchen (403), foreign (404) and finished (409) ones', async () => {
    const booked = await api.phone(today);
    expect(conflict(await api.post(url.ready, { reservationId: booked.id })).reason).toBe(
      'invalid_transition',
    );
    const walkIn = await api.walkIn();
    expect((await api.post(url.ready, { reservationId: walkIn.id }, { role: 'Cocina' })).statusCode).toBe(
      403,
    );
    const foreign = await otraApi.walkIn();
    expect((await api.post(url.ready, { reservationId: foreign.id })).statusCode).toBe(404);
    await api.reservation(url.close(walkIn.id), {});
    expect(conflict(await api.post(url.ready, { reservationId: walkIn.id })).code).toBe(
      'RESERVATION_FINISHED',
    );
  });
});

describe('set-no-show (Ausentes, -4)', () => {
  it('marks a booking as no-show, frees its table, audits and tells every screen', async () => {
    const booked = await api.phone(today, { timeSlot: '20:30' });
    const noShow = await api.reservation(url.noShow, { reservationWid: booked.wid });
    expect(noShow).toMatchObject({
      status: -4,
      state: 'no_show',
      list: 'absent',
      allowedActions: ['reactivate'],
    });
    const floor = await floorOfToday();
    expect(floor.lists.absent).toEqual([booked.id]);
    expect(floor.tables.find((table) => table.name === booked.table)?.state).toBe('free');
    const [entry] = await auditOf(t, casa.venue.id, booked.id);
    expect(entry).toMatchObject({
      action: 'reservation.no_show',
      entity: 'reservation',
      actorRole: 'Sala',
      before: { status: 1, state: 'confirmed' },
      after: { status: -4, state: 'no_show', roleId: casa.roles.get('Sala') },
    });
    const [event] = await latestEvents(t, casa.venue.id, 1);
    expect(event?.payload).toMatchObject({
      reservationId: booked.id,
      action: 'noShow',
      status: -4,
      state: 'no_show',
    });
  });

  it('refuses seated guests (409), interns and the bar (403), foreign ids (404), a second no-show (409)', async () => {
    const walkIn = await api.walkIn();
    expect(conflict(await api.post(url.noShow, { reservationWid: walkIn.wid })).reason).toBe(
      'invalid_transition',
    );
    const booked = await api.phone(today);
    expect((await api.post(url.noShow, { reservationWid: booked.wid }, { role: 'Pasante' })).statusCode).toBe(
      403,
    );
    expect((await api.post(url.noShow, { reservationWid: booked.wid }, { role: 'Barra' })).statusCode).toBe(
      403,
    );
    const foreign = await otraApi.phone(today);
    expect((await api.post(url.noShow, { reservationWid: foreign.wid })).statusCode).toBe(404);
    await api.reservation(url.noShow, { reservationWid: booked.wid });
    expect(conflict(await api.post(url.noShow, { reservationWid: booked.wid })).code).toBe(
      'RESERVATION_FINISHED',
    );
    expect(await auditOf(t, casa.venue.id, booked.id)).toHaveLength(1);
  });
});

describe('cancel', () => {
  it('cancels a booking, frees its table, audits and says reservation.cancelled', async () => {
    const booked = await api.phone(today);
    const cancelled = await api.reservation(url.cancel, { reservationWid: booked.wid });
    expect(cancelled).toMatchObject({ status: -1, state: 'cancelled', list: null });
    const [event] = await latestEvents(t, casa.venue.id, 1);
    expect(event).toMatchObject({ topic: 'reservation.cancelled' });
    expect((await auditOf(t, casa.venue.id, booked.id)).map((entry) => entry.action)).toEqual([
      'reservation.cancel',
    ]);
  });

  it('refuses seated guests (409), interns (403), foreign (404) and finished ones (409)', async () => {
    const walkIn = await api.walkIn();
    expect(conflict(await api.post(url.cancel, { reservationWid: walkIn.wid })).reason).toBe(
      'invalid_transition',
    );
    const booked = await api.phone(today);
    expect((await api.post(url.cancel, { reservationWid: booked.wid }, { role: 'Pasante' })).statusCode).toBe(
      403,
    );
    const foreign = await otraApi.phone(today);
    expect((await api.post(url.cancel, { reservationWid: foreign.wid })).statusCode).toBe(404);
    await api.reservation(url.noShow, { reservationWid: booked.wid });
    expect(conflict(await api.post(url.cancel, { reservationWid: booked.wid })).code).toBe(
      'RESERVATION_FINISHED',
    );
  });
});

describe('close (finish the account)', () => {
  it('finishes a seated account by id or wid, frees the table and keeps where it sat', async () => {
    const first = await api.walkIn();
    const closed = await api.reservation(url.close(first.id), {});
    expect(closed).toMatchObject({
      status: -2,
      state: 'finished',
      list: 'finished',
      finishedDateTime: `${today}T20:00:00+01:00`,
      table: first.table,
    });
    const second = await api.walkIn();
    expect((await api.reservation(url.close(second.wid), { expectedVersion: second.version })).state).toBe(
      'finished',
    );
    const floor = await floorOfToday();
    expect(floor.lists.finished).toEqual([first.id, second.id]);
    expect(floor.tables.find((table) => table.name === first.table)?.state).toBe('free');
    expect((await auditOf(t, casa.venue.id, first.id)).map((entry) => entry.action)).toEqual([
      'reservation.close',
    ]);
  });

  it('closes an account whose bill was requested (7)', async () => {
    const walkIn = await api.walkIn();
    await givenStatus(walkIn.id, 7);
    expect((await api.reservation(url.close(walkIn.id), {})).state).toBe('finished');
  });

  it('refuses a booking (409), the bar (403), foreign ids (404), bad input (400), a closed account (409)', async () => {
    const booked = await api.phone(today);
    expect(conflict(await api.post(url.close(booked.id), {})).reason).toBe('invalid_transition');
    const walkIn = await api.walkIn();
    expect((await api.post(url.close(walkIn.id), {}, { role: 'Barra' })).statusCode).toBe(403);
    const foreign = await otraApi.walkIn();
    expect((await api.post(url.close(foreign.id), {})).statusCode).toBe(404);
    expect((await api.post(url.close(foreign.wid), {})).statusCode).toBe(404);
    expect((await api.post(url.close(walkIn.id), { tip: 5 })).statusCode).toBe(400);
    await api.reservation(url.close(walkIn.id), {}, { role: 'TPV' });
    expect(conflict(await api.post(url.close(walkIn.id), {})).code).toBe('RESERVATION_FINISHED');
  });
});

async function givenStatus(reservationId: number, status: number) {
  await t.ctx.db.update(reservations).set({ status }).where(eq(reservations.id, reservationId));
}

describe('reactivate', () => {
  it('brings a no-show back to booked on the table it had', async () => {
    const booked = await api.phone(today, { timeSlot: '20:30' });
    await api.reservation(url.noShow, { reservationWid: booked.wid });
    const back = await api.reservation(url.reactivate, { reservationWid: booked.wid });
    expect(back).toMatchObject({
      status: 1,
      state: 'confirmed',
      menuAccessEnabled: 0,
      table: booked.table,
      list: 'toCome',
    });
    const floor = await floorOfToday();
    expect(floor.tables.find((table) => table.name === booked.table)).toMatchObject({
      state: 'booked_soon',
      reservationId: booked.id,
    });
    expect((await auditOf(t, casa.venue.id, booked.id)).map((entry) => entry.action)).toEqual([
      'reservation.no_show',
      'reservation.reactivate',
    ]);
  });

  it('reopens a closed account, seated again on its table (the point of sale may do it)', async () => {
    const walkIn = await api.walkIn();
    await api.reservation(url.close(walkIn.id), {});
    const reopened = await api.reservation(url.reactivate, { reservationWid: walkIn.wid }, { role: 'TPV' });
    expect(reopened).toMatchObject({
      status: 1,
      state: 'seated',
      menuAccessEnabled: 1,
      finishedDateTime: null,
      table: walkIn.table,
    });
  });

  it('answers "No se ha podido reactivar la cuenta." when its table was given away meanwhile', async () => {
    const walkIn = await api.walkIn({ pax: 2 });
    await api.reservation(url.close(walkIn.id), {});
    const next = await api.sitIn([walkIn.table!]);
    const refused = conflict(await api.post(url.reactivate, { reservationWid: walkIn.wid }));
    expect(refused).toMatchObject({
      code: 'SLOT_UNAVAILABLE',
      reason: 'table_taken',
      message: 'No se ha podido reactivar la cuenta.',
    });
    const floor = await floorOfToday();
    expect(floor.reservations.find((r) => r.id === walkIn.id)?.state).toBe('finished');
    expect(floor.tables.find((table) => table.name === walkIn.table)?.reservationId).toBe(next.id);
  });

  it('refuses an active reservation with "Error al reactivar la reserva", the bar (403), foreign ids (404)', async () => {
    const walkIn = await api.walkIn();
    expect(conflict(await api.post(url.reactivate, { reservationWid: walkIn.wid }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'invalid_transition',
      message: 'Error al reactivar la reserva: no está finalizada ni desactivada.',
    });
    await api.reservation(url.close(walkIn.id), {});
    expect(
      (await api.post(url.reactivate, { reservationWid: walkIn.wid }, { role: 'Barra' })).statusCode,
    ).toBe(403);
    const foreign = await otraApi.walkIn();
    await otraApi.reservation(url.close(foreign.id), {});
    expect((await api.post(url.reactivate, { reservationWid: foreign.wid })).statusCode).toBe(404);
  });
});

async function givenLine(reservationId: number, name: string, priceCents: number) {
  const db = t.ctx.db;
  const venueId = casa.venue.id;
  let [product] = await db.select().from(products).where(eq(products.venueId, venueId)).limit(1);
  if (!product) {
    [product] = await db
      .insert(products)
      .values({ venueId, sku: 'VINO', name: 'Vino', priceCents, vatRateBp: 2100, type: 'bebida' })
      .returning();
  }
  await db.insert(cartSessions).values({ venueId, reservationId }).onConflictDoNothing();
  await db.insert(productOrders).values({
    venueId,
    reservationId,
    productId: product!.id,
    productSku: product!.sku,
    productName: name,
    productType: 'bebida',
    priceCents,
    vatRateBp: 2100,
    status: 1,
  });
}

describe('merge (two accounts into one)', () => {
  it('moves lines, guests and pax to the target, deactivates the source and frees its table', async () => {
    const source = await api.walkIn({ name: 'Mesa A', pax: 2 });
    const target = await api.walkIn({ name: 'Mesa B', pax: 3 });
    await givenLine(source.id, 'Vino A', 1800);
    await givenLine(target.id, 'Vino B', 2000);
    const qr = (await api.post('/world/api/reservation/account-qr', { reservationWid: source.wid })).json();
    await api.post(
      '/world/api/reservation/addguest',
      { createGuest: true, reservationWid: source.wid, hostCode: qr.uid, invitedUserName: 'Invitada' },
      { token: null },
    );
    const response = await api.post(url.merge, {
      reservationWid: source.wid,
      targetReservationWid: target.wid,
      expectedVersion: source.version,
      targetExpectedVersion: target.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    const merged = mergeResponseSchema.parse(response.json());
    expect(merged.reservation).toMatchObject({ id: target.id, pax: 5, state: 'seated', guestCount: 1 });
    expect(merged.reservation.paymentInfo.total).toBe(3800);
    expect(merged.reservation.cartSession?.productOrders.map((line) => line.name)).toEqual([
      'Vino A',
      'Vino B',
    ]);
    expect(merged.merged).toMatchObject({
      id: source.id,
      status: -3,
      state: 'merged',
      mergedIntoId: target.id,
      list: 'finished',
      allowedActions: [],
    });
    const guests = await t.ctx.db
      .select()
      .from(reservationGuests)
      .where(eq(reservationGuests.reservationId, target.id));
    expect(guests).toHaveLength(1);
    const floor = await floorOfToday();
    expect(floor.tables.find((table) => table.name === source.table)?.state).toBe('free');
    const events = await latestEvents(t, casa.venue.id, 2);
    expect(events.map((event) => (event.payload as { action: string }).action)).toEqual([
      'mergeInto',
      'merge',
    ]);
    expect(await auditOf(t, casa.venue.id, source.id)).toMatchObject([
      { action: 'reservation.merge', after: { state: 'merged', targetReservationId: target.id } },
    ]);
    const reactivated = conflict(await api.post(url.reactivate, { reservationWid: source.wid }));
    expect(reactivated).toMatchObject({
      reason: 'merged',
      message: 'Error al reactivar la reserva: se ha unido a otra cuenta.',
    });
  });

  it('refuses the same account (400), foreign ids (404), interns (403), finished or paid accounts (409)', async () => {
    const a = await api.walkIn();
    const b = await api.walkIn();
    expect(
      (await api.post(url.merge, { reservationWid: a.wid, targetReservationWid: a.wid })).statusCode,
    ).toBe(400);
    const foreign = await otraApi.walkIn();
    expect(
      (await api.post(url.merge, { reservationWid: a.wid, targetReservationWid: foreign.wid })).statusCode,
    ).toBe(404);
    expect(
      (await api.post(url.merge, { reservationWid: foreign.wid, targetReservationWid: a.wid })).statusCode,
    ).toBe(404);
    expect(
      (await api.post(url.merge, { reservationWid: a.wid, targetReservationWid: b.wid }, { role: 'Pasante' }))
        .statusCode,
    ).toBe(403);
    await t.ctx.db
      .insert(payments)
      .values({ venueId: casa.venue.id, reservationId: a.id, amountCents: 500, method: 'card' });
    expect(
      conflict(await api.post(url.merge, { reservationWid: a.wid, targetReservationWid: b.wid })),
    ).toMatchObject({
      reason: 'has_payments',
      message: 'No se puede unir una cuenta que ya tiene pagos o facturas.',
    });
    await api.reservation(url.close(b.id), {});
    expect(
      conflict(await api.post(url.merge, { reservationWid: a.wid, targetReservationWid: b.wid })).code,
    ).toBe('RESERVATION_FINISHED');
  });

  it('merges two accounts into each other at once without deadlock: one wins, the other gets 409', async () => {
    const a = await api.walkIn();
    const b = await api.walkIn();
    const replies = await Promise.all([
      api.post(url.merge, { reservationWid: a.wid, targetReservationWid: b.wid }),
      api.post(url.merge, { reservationWid: b.wid, targetReservationWid: a.wid }),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const floor = await floorOfToday();
    const states = [a.id, b.id].map((id) => floor.reservations.find((r) => r.id === id)?.state).sort();
    expect(states).toEqual(['merged', 'seated']);
  });
});

describe('two tablets on one reservation at once', () => {
  it('no-show against enable: exactly one wins, the other gets 409, and the state is the winner', async () => {
    for (let round = 0; round < 3; round += 1) {
      const booked = await api.phone(today, { timeSlot: '21:30' });
      const [noShow, enable] = await Promise.all([
        api.post(url.noShow, { reservationWid: booked.wid }),
        api.post(url.enable, { reservationWid: booked.wid }),
      ]);
      expect([noShow.statusCode, enable.statusCode].sort()).toEqual([200, 409]);
      const loser = conflict(noShow.statusCode === 409 ? noShow : enable);
      const floor = await floorOfToday();
      const state = floor.reservations.find((r) => r.id === booked.id)?.state;
      expect(state).toBe(noShow.statusCode === 200 ? 'no_show' : 'seated');
      expect(loser.state).toBe(state);
    }
  });

  it('ten no-shows at once: one change, one audit row, one event', async () => {
    const booked = await api.phone(today, { timeSlot: '22:00' });
    const before = (await latestEvents(t, casa.venue.id, 1))[0]?.seq ?? 0;
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => api.post(url.noShow, { reservationWid: booked.wid })),
    );
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((reply) => reply.statusCode === 409)).toHaveLength(9);
    expect(await auditOf(t, casa.venue.id, booked.id)).toHaveLength(1);
    const events = await t.ctx.db
      .select()
      .from(realtimeEvents)
      .where(and(eq(realtimeEvents.venueId, casa.venue.id)));
    expect(events.filter((event) => event.seq > before)).toHaveLength(1);
  });

  it('close against a pax change seen on the same version: one wins, the other is told, nothing lost', async () => {
    const walkIn = await api.walkIn({ pax: 2 });
    const [close, pax] = await Promise.all([
      api.post(url.close(walkIn.id), { expectedVersion: walkIn.version }),
      api.post('/world/api/reservation/updatepax', {
        reservationWid: walkIn.wid,
        pax: 4,
        expectedVersion: walkIn.version,
      }),
    ]);
    expect([close.statusCode, pax.statusCode].sort()).toEqual([200, 409]);
    const floor = await floorOfToday();
    // Whichever won, the table shows exactly its result.
    expect(floor.reservations.find((r) => r.id === walkIn.id)).toMatchObject(
      close.statusCode === 200 ? { state: 'finished', pax: 2 } : { state: 'seated', pax: 4 },
    );
  });
});

describe('live: every other staff screen hears the change', () => {
  it('streams the walk-in and the no-show to a second tablet of the venue, not to another venue', async () => {
    const port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
    const { socket: other } = await TestSocket.connect(port, hostOf('casa'), { token: casa.tokens.cocina });
    const { socket: foreign } = await TestSocket.connect(port, hostOf('otra'), { token: otra.tokens.staff });
    try {
      const walkIn = await api.walkIn({ name: 'En directo' });
      const booked = await api.phone(today);
      await api.reservation(url.noShow, { reservationWid: booked.wid });
      const seen: Extract<ServerMessage, { type: 'event' }>[] = [];
      while (seen.length < 3) {
        const message = await other.next();
        if (message.type === 'event') seen.push(message);
      }
      expect(
        seen.map((event) => [event.topic, (event.payload as { reservationId: number }).reservationId]),
      ).toEqual([
        ['reservation.created', walkIn.id],
        ['reservation.created', booked.id],
        ['reservation.updated', booked.id],
      ]);
      expect(foreign.unread().filter((message) => message.type === 'event')).toEqual([]);
    } finally {
      await other.close();
      await foreign.close();
    }
  });
});

/** One route per floor operation, with a body that passes the role check and then fails harmlessly. */
const ROUTES: {
  operation: FloorOperation;
  url: string;
  body: Record<string, unknown>;
  allowedStatus: number;
}[] = [
  { operation: 'viewDay', url: '/world/api/reservation/getbyday', body: {}, allowedStatus: 200 },
  {
    operation: 'searchAccount',
    url: '/world/api/reservation/search-account',
    body: { q: 'x' },
    allowedStatus: 200,
  },
  {
    operation: 'userDetails',
    url: '/world/api/reservation/user-details',
    body: { reservationWid: 'no-existe' },
    allowedStatus: 404,
  },
  { operation: 'reviewQr', url: '/world/api/reservation/review-qr', body: {}, allowedStatus: 200 },
  {
    operation: 'createWalkIn',
    url: '/world/reservation/createwalkin',
    body: { name: 'X', pax: -1 },
    allowedStatus: 400,
  },
  {
    operation: 'createSitIn',
    url: '/world/reservation/createwalkin',
    body: { name: 'X', pax: -1, alreadySeated: true, tableIds: [1] },
    allowedStatus: 400,
  },
  {
    operation: 'createPhoneReservation',
    url: '/world/reservation/create-phone',
    body: { date: '2026-12-24', timeSlot: '21:30', pax: -1, name: 'X' },
    allowedStatus: 400,
  },
  {
    operation: 'waitlist',
    url: '/world/api/waitlist/remove',
    body: { entryId: 999_999, reason: 'left' },
    allowedStatus: 404,
  },
  { operation: 'seat', url: url.enable, body: { reservationWid: 'no-existe' }, allowedStatus: 404 },
  { operation: 'readyToOrder', url: url.ready, body: { reservationId: 'no-existe' }, allowedStatus: 404 },
  {
    operation: 'updatePax',
    url: '/world/api/reservation/updatepax',
    body: { reservationWid: 'no-existe', pax: 2 },
    allowedStatus: 404,
  },
  {
    operation: 'updateTable',
    url: '/world/api/reservation/updatetable',
    body: { reservationWid: 'no-existe', tableIds: [999_999] },
    allowedStatus: 404,
  },
  {
    operation: 'staffComments',
    url: '/world/reservation/update-staff-comments',
    body: { reservationWid: 'no-existe', staffComments: 'x' },
    allowedStatus: 404,
  },
  {
    operation: 'locationTag',
    url: '/world/reservation/update-location-tag',
    body: { reservationWid: 'no-existe', locationTag: null },
    allowedStatus: 404,
  },
  {
    operation: 'accountQr',
    url: '/world/api/reservation/account-qr',
    body: { reservationWid: 'no-existe' },
    allowedStatus: 404,
  },
  { operation: 'noShow', url: url.noShow, body: { reservationWid: 'no-existe' }, allowedStatus: 404 },
  { operation: 'cancel', url: url.cancel, body: { reservationWid: 'no-existe' }, allowedStatus: 404 },
  { operation: 'close', url: url.close('no-existe'), body: {}, allowedStatus: 404 },
  { operation: 'reactivate', url: url.reactivate, body: { reservationWid: 'no-existe' }, allowedStatus: 404 },
  {
    operation: 'merge',
    url: url.merge,
    body: { reservationWid: 'no-existe', targetReservationWid: 'tampoco' },
    allowedStatus: 404,
  },
];

describe('role × action matrix over every route (SEC-02)', () => {
  it('has a route for every operation but the two without a call of their own', () => {
    const covered = new Set(ROUTES.map((route) => route.operation));
    expect(FLOOR_OPERATIONS.filter((operation) => !covered.has(operation))).toEqual([
      'requestBill',
      'mergeInto',
    ]);
  });

  const cells = FLOOR_ACTORS.flatMap((actor) => ROUTES.map((route) => [actor, route] as const));
  it.each(cells.map(([actor, route]) => [actor, route.operation, route] as const))(
    '%s × %s',
    async (actor: FloorActor, _operation, route) => {
      const response =
        actor === 'admin'
          ? await api.post(route.url, route.body, { token: casa.tokens.admin })
          : await api.post(route.url, route.body, { role: actor });
      const expected = mayPerform(actor, route.operation) ? route.allowedStatus : 403;
      expect(response.statusCode, response.body).toBe(expected);
      if (expected === 403) expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    },
  );

  it('refuses staff without any copilot role everywhere (fail closed), and a role that is not theirs', async () => {
    for (const route of ROUTES) {
      expect((await api.post(route.url, route.body, { token: casa.tokens.noRole })).statusCode).toBe(403);
      expect((await api.post(route.url, { ...route.body, roleId: otra.roles.get('Sala') })).statusCode).toBe(
        403,
      );
    }
  });

  it('uses the preselected role when none is sent', async () => {
    const kitchen = await api.post(
      url.noShow,
      { reservationWid: 'no-existe' },
      { token: casa.tokens.cocina },
    );
    expect(kitchen.statusCode).toBe(403);
    const room = await api.post(url.noShow, { reservationWid: 'no-existe' });
    expect(room.statusCode).toBe(404);
  });

  it('writes no audit row for a refused action, one for the action done', async () => {
    const booked = await api.phone(today);
    await api.post(url.noShow, { reservationWid: booked.wid }, { role: 'Pasante' });
    await api.post(url.noShow, { reservationWid: booked.wid, expectedVersion: booked.version + 1 });
    expect(await auditOf(t, casa.venue.id, booked.id)).toEqual([]);
    await api.reservation(url.noShow, { reservationWid: booked.wid });
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(booked.id)));
    expect(rows.map((row) => [row.venueId, row.action, row.actorRole])).toEqual([
      [casa.venue.id, 'reservation.no_show', 'Sala'],
    ]);
  });
});

/** Every call on one reservation, with a body that would otherwise be accepted for `ref`. */
function callsOn(ref: string | number, other: string | number) {
  const on = { reservationWid: ref };
  return [
    { name: 'enable', url: url.enable, body: on },
    { name: 'ready-to-order', url: url.ready, body: { reservationId: ref } },
    { name: 'set-no-show', url: url.noShow, body: on },
    { name: 'cancel', url: url.cancel, body: on },
    { name: 'reactivate', url: url.reactivate, body: on },
    { name: 'close', url: url.close(ref), body: {} },
    { name: 'updatepax', url: '/world/api/reservation/updatepax', body: { ...on, pax: 3 } },
    {
      name: 'updatetable',
      url: '/world/api/reservation/updatetable',
      body: { ...on, tableIds: [casa.table('S6')] },
    },
    {
      name: 'staff comments',
      url: '/world/reservation/update-staff-comments',
      body: { ...on, staffComments: 'x' },
    },
    {
      name: 'location tag',
      url: '/world/reservation/update-location-tag',
      body: { ...on, locationTag: null },
    },
    { name: 'merge', url: url.merge, body: { ...on, targetReservationWid: other } },
    { name: 'account-qr', url: '/world/api/reservation/account-qr', body: on },
    { name: 'user-details', url: '/world/api/reservation/user-details', body: on },
  ];
}

describe('refusals of every call on a reservation', () => {
  it('refuses bad input with 400 and a message, changing nothing', async () => {
    const walkIn = await api.walkIn();
    const target = await api.walkIn();
    for (const route of callsOn(walkIn.wid, target.wid)) {
      for (const bad of [{ extra: 1 }, { roleId: 'Sala' }, { roleId: -1 }]) {
        const response = await api.post(route.url, { ...route.body, ...bad });
        expect(response.statusCode, `${route.name} ${JSON.stringify(bad)}: ${response.body}`).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
      }
    }
    for (const route of callsOn(walkIn.wid, target.wid).filter((r) => 'reservationWid' in r.body)) {
      const response = await api.post(route.url, { ...route.body, reservationWid: { id: walkIn.id } });
      expect(response.statusCode, `${route.name}: ${response.body}`).toBe(400);
    }
    expect((await api.post(url.enable, { reservationWid: walkIn.wid, expectedVersion: -1 })).statusCode).toBe(
      400,
    );
    expect(
      (await api.post(url.ready, { reservationId: walkIn.wid, expectedVersion: 'latest' })).statusCode,
    ).toBe(400);
    const floor = await floorOfToday();
    expect(floor.reservations.find((reservation) => reservation.id === walkIn.id)?.version).toBe(
      walkIn.version,
    );
    expect(await auditOf(t, casa.venue.id, walkIn.id)).toEqual([]);
  });

  it('answers 404 for unknown references and for another venue reservations, which stay as they were', async () => {
    const mine = await api.walkIn();
    const foreign = await otraApi.walkIn();
    for (const ref of ['no-existe', 999_999, foreign.wid, foreign.id]) {
      for (const route of callsOn(ref, mine.wid)) {
        const response = await api.post(route.url, route.body);
        expect(response.statusCode, `${route.name} ${ref}: ${response.body}`).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
    }
    // A foreign reservation as the merge target is as unknown as one as the source.
    const merge = await api.post(url.merge, { reservationWid: mine.wid, targetReservationWid: foreign.wid });
    expect(merge.statusCode, merge.body).toBe(404);
    const theirs = await otraApi.post('/world/api/reservation/search-account', { q: foreign.wid });
    expect(theirs.json().reservations).toMatchObject([
      { id: foreign.id, state: 'seated', version: foreign.version },
    ]);
  });

  it('refuses every change to a finished reservation with "La reserva ha finalizado"; its details stay readable', async () => {
    const closed = await api.walkIn();
    const open = await api.walkIn();
    await api.reservation(url.close(closed.id), {});
    const refused = callsOn(closed.wid, open.wid).filter(
      (route) => route.name !== 'reactivate' && route.name !== 'user-details',
    );
    for (const route of refused) {
      const response = await api.post(route.url, route.body);
      expect(response.statusCode, `${route.name}: ${response.body}`).toBe(409);
      expect(response.json(), route.name).toMatchObject({
        code: 'RESERVATION_FINISHED',
        message: 'La reserva ha finalizado',
      });
    }
    const asTarget = await api.post(url.merge, {
      reservationWid: open.wid,
      targetReservationWid: closed.wid,
    });
    expect(asTarget.statusCode, asTarget.body).toBe(409);
    expect(
      (await api.post('/world/api/reservation/user-details', { reservationWid: closed.wid })).statusCode,
    ).toBe(200);
    expect((await auditOf(t, casa.venue.id, closed.id)).map((entry) => entry.action)).toEqual([
      'reservation.close',
    ]);
  });
});
