import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  guestAllergens,
  guests,
  notificationRooms,
  notifications,
  realtimeEvents,
  reservations,
} from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  givenOrderingVenues,
  givenSeatedTable,
  post,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';

let t: TestApp;
let v: OrderingVenues;

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
});
afterAll(() => t.close());

async function latestEvent() {
  const [row] = await t.ctx.db
    .select()
    .from(realtimeEvents)
    .where(eq(realtimeEvents.venueId, v.demo.id))
    .orderBy(desc(realtimeEvents.seq))
    .limit(1);
  return row;
}

async function notificationsOf(reservationId: number) {
  return t.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.venueId, v.demo.id), eq(notifications.reservationId, reservationId)))
    .orderBy(notifications.id);
}

describe('guest requests from the phone', () => {
  it('asks for the bill: a ticket_request notification with the spec payload and a realtime event', async () => {
    const table = await givenSeatedTable(t, v);
    const response = await post(t, 'demo', '/world/notification/new', {
      uid: table.guestUid,
      paymentMethod: 'card',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await notificationsOf(table.reservationId);
    expect(row).toMatchObject({
      type: 'ticket_request',
      status: 0,
      subtype: 0,
      paymentMethod: 'card',
      data: {
        pax: 2,
        reservationId: table.reservationId,
        reservationName: 'Mesa Test',
        uid: expect.any(String),
      },
    });
    // The capability itself is never stored (SEC-09).
    expect(JSON.stringify(row?.data)).not.toContain(table.guestUid);
    expect(await latestEvent()).toMatchObject({
      topic: 'notification.created',
      payload: expect.objectContaining({ notificationId: row!.id, type: 'ticket_request' }),
    });
    const rooms = await t.ctx.db
      .select()
      .from(notificationRooms)
      .where(eq(notificationRooms.notificationId, row!.id));
    expect(rooms).toHaveLength(1);
    const [reservation] = await t.ctx.db
      .select()
      .from(reservations)
      .where(eq(reservations.id, table.reservationId));
    expect(reservation?.requestedPaymentMethod).toBe('card');
  });

  it('puts the account to payment (status 7): the floor shows the table asking for its bill', async () => {
    const table = await givenSeatedTable(t, v);
    const asked = await post(t, 'demo', '/world/notification/new', {
      uid: table.guestUid,
      paymentMethod: 'card',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [billRequested] = await t.ctx.db
      .select()
      .from(realtimeEvents)
      .where(
        and(eq(realtimeEvents.venueId, v.demo.id), eq(realtimeEvents.topic, 'reservation.bill_requested')),
      )
      .orderBy(desc(realtimeEvents.seq))
      .limit(1);
    expect(billRequested?.payload).toMatchObject({
      reservationId: table.reservationId,
      status: 7,
      paymentMethod: 'card',
      by: 'guest',
    });
    const floor = async () => {
      const response = await post(t, 'demo', '/world/api/reservation/getbyday', {}, { token: v.tokens.sala });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        reservations: { id: number; status: number; requestedPaymentMethod: string | null; table: string }[];
        lists: { forPayment: number[]; seated: number[] };
        tables: { name: string; state: string; reservationId: number | null }[];
      };
    };
    const day = await floor();
    const view = day.reservations.find((reservation) => reservation.id === table.reservationId)!;
    expect(view).toMatchObject({ status: 7, requestedPaymentMethod: 'card' });
    expect(day.lists.forPayment).toContain(table.reservationId);
    expect(day.lists.seated).not.toContain(table.reservationId);
    expect(day.tables.find((tile) => tile.name === view.table)).toMatchObject({
      state: 'bill_requested',
      reservationId: table.reservationId,
    });

    // Asking again, from the table's QR and for cash, only changes the method; the guest may still order.
    const again = await post(t, 'demo', '/world/notification/new', {
      uid: table.tableUid,
      paymentMethod: 'cash',
    });
    expect(again.statusCode, again.body).toBe(200);
    const after = (await floor()).reservations.find((reservation) => reservation.id === table.reservationId);
    expect(after).toMatchObject({ status: 7, requestedPaymentMethod: 'cash' });
    expect((await notificationsOf(table.reservationId)).map((row) => row.paymentMethod)).toEqual([
      'card',
      'cash',
    ]);
  });

  it('says the table is ready to order, calls staff and sends a comment', async () => {
    const table = await givenSeatedTable(t, v);
    const ready = await post(t, 'demo', '/world/api/reservation/guest-ready-to-order', {
      uid: table.guestUid,
      reservationId: table.wid,
    });
    expect(ready.statusCode, ready.body).toBe(200);
    const [reservation] = await t.ctx.db
      .select()
      .from(reservations)
      .where(eq(reservations.id, table.reservationId));
    expect(reservation?.readyToOrderAt).toBeInstanceOf(Date);
    const call = await post(t, 'demo', '/world/api/notification/call-staff', { uid: table.tableUid });
    expect(call.statusCode, call.body).toBe(200);
    const comment = await post(t, 'demo', '/world/api/webcontact/sendcomment', {
      uid: table.guestUid,
      comment: '¡Todo buenísimo!',
    });
    expect(comment.statusCode, comment.body).toBe(200);
    const rows = await notificationsOf(table.reservationId);
    expect(rows.map((row) => [row.type, row.subtype])).toEqual([
      ['customer_ready_to_order', 0],
      ['call_staff', 0],
      ['call_staff', 1],
    ]);
    expect(rows[2]?.data).toMatchObject({ comment: '¡Todo buenísimo!' });
  });

  it('updates the guest allergens and name', async () => {
    const table = await givenSeatedTable(t, v);
    const allergens = await post(t, 'demo', '/world/api/user/updateallergens', {
      uid: table.guestUid,
      allergensId: [1, 7, 7],
    });
    expect(allergens.statusCode, allergens.body).toBe(200);
    expect(allergens.json()).toMatchObject({ result: 0, allergensId: [1, 7] });
    const name = await post(t, 'demo', '/world/api/user/update-guest-user-name', {
      uid: table.guestUid,
      userName: ' Lucía M. ',
    });
    expect(name.statusCode, name.body).toBe(200);
    const rows = await notificationsOf(table.reservationId);
    expect(rows.map((row) => row.subtype)).toEqual([2, 3]);
    const found = await post(t, 'demo', '/world/api/user/find', { uid: table.guestUid });
    expect(found.json().user.name).toBe('Lucía M.');
    expect(found.json().user.allergensId).toEqual([1, 7]);
    const [guest] = await t.ctx.db
      .select()
      .from(guests)
      .where(eq(guests.id, found.json().user.id as number));
    const declared = await t.ctx.db
      .select()
      .from(guestAllergens)
      .where(eq(guestAllergens.guestId, guest!.id));
    expect(declared.map((row) => row.allergenId).sort()).toEqual([1, 7]);
    // The table QR names no guest: join first.
    expect(
      (await post(t, 'demo', '/world/api/user/updateallergens', { uid: table.tableUid, allergensId: [] }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses bad input, foreign capabilities and finished reservations', async () => {
    const table = await givenSeatedTable(t, v);
    const bad: [string, unknown][] = [
      ['/world/notification/new', { uid: table.guestUid, paymentMethod: 'bitcoin' }],
      ['/world/notification/new', { uid: table.guestUid }],
      ['/world/api/user/updateallergens', { uid: table.guestUid, allergensId: [999] }],
      ['/world/api/user/updateallergens', { uid: table.guestUid, allergensId: 'gluten' }],
      ['/world/api/webcontact/sendcomment', { uid: table.guestUid, comment: '   ' }],
      ['/world/api/user/update-guest-user-name', { uid: table.guestUid, userName: '  ' }],
      [
        '/world/api/user/createguestusermenu',
        { reservationWid: table.wid, hostCode: table.tableUid, name: '' },
      ],
      ['/world/api/notification/call-staff', { uid: table.guestUid, extra: 1 }],
    ];
    for (const [url, payload] of bad) {
      const response = await post(t, 'demo', url, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
    }
    expect(
      (await post(t, 'otra', '/world/notification/new', { uid: table.guestUid, paymentMethod: 'cash' }))
        .statusCode,
    ).toBe(401);
    const other = await givenSeatedTable(t, v);
    expect(
      (
        await post(t, 'demo', '/world/api/reservation/guest-ready-to-order', {
          uid: table.guestUid,
          reservationId: other.reservationId,
        })
      ).statusCode,
    ).toBe(404);
    await t.ctx.db
      .update(reservations)
      .set({ finishedAt: t.clock.now() })
      .where(eq(reservations.id, table.reservationId));
    const finished = await post(t, 'demo', '/world/api/notification/call-staff', { uid: table.guestUid });
    expect(finished.statusCode).toBe(409);
    expect(finished.json().message).toBe('La reserva ha finalizado');
    expect(await notificationsOf(table.reservationId)).toHaveLength(0);
  });

  it('makes a retried tap one request with an Idempotency-Key', async () => {
    const table = await givenSeatedTable(t, v);
    const send = () =>
      post(
        t,
        'demo',
        '/world/api/notification/call-staff',
        { uid: table.guestUid },
        { headers: { 'idempotency-key': 'bell-1' } },
      );
    const replies = await Promise.all([send(), send(), send()]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200]);
    expect(await notificationsOf(table.reservationId)).toHaveLength(1);
  });
});
