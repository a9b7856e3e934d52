import type { Notification } from '@sobremesa/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, realtimeEvents, reservations } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../test/test-app.ts';
import {
  givenOrderingVenues,
  givenSeatedTable,
  post,
  type DemoAccount,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';
import {
  escalateOverdueRequests,
  raiseKioskNotification,
  raiseNotification,
  raiseUpsellReminders,
} from './notifications.service.ts';

let t: TestApp;
let v: OrderingVenues;

// Migrations and the demo seed take most of a minute on a busy two-core runner.
beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
}, 180_000);
afterAll(() => t.close());

interface Lists {
  pending: Notification[];
  history: Notification[];
  settings: { escalateAfterSeconds: number; upsellReminderMinutes: number };
}

async function day(account: DemoAccount, query = ''): Promise<Lists> {
  const response = await call(t, 'demo', {
    method: 'GET',
    url: `/world/api/notifications${query}`,
    token: v.tokens[account],
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Lists;
}

async function recent(account: DemoAccount, path = 'recent'): Promise<Notification[]> {
  const response = await call(t, 'demo', {
    method: 'GET',
    url: `/world/api/notifications/${path}`,
    token: v.tokens[account],
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { notifications: Notification[] }).notifications;
}

async function eventsAfter(seq: number) {
  return t.ctx.db
    .select()
    .from(realtimeEvents)
    .where(eq(realtimeEvents.venueId, v.demo.id))
    .orderBy(desc(realtimeEvents.seq))
    .then((rows) => rows.filter((row) => row.seq > seq));
}

async function lastSeq(): Promise<number> {
  const [row] = await t.ctx.db
    .select({ seq: realtimeEvents.seq })
    .from(realtimeEvents)
    .where(eq(realtimeEvents.venueId, v.demo.id))
    .orderBy(desc(realtimeEvents.seq))
    .limit(1);
  return row?.seq ?? 0;
}

async function askForBill(uid: string, paymentMethod = 'card'): Promise<number> {
  const response = await post(t, 'demo', '/world/notification/new', { uid, paymentMethod });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { notification: { id: number } }).notification.id;
}

describe('creation from each cause', () => {
  it('a guest asking for the bill reaches Sala with its room, account and the guest name', async () => {
    const table = await givenSeatedTable(t, v);
    const id = await askForBill(table.guestUid);
    const { pending } = await day('sala');
    const found = pending.find((notification) => notification.id === id);
    expect(found).toMatchObject({
      type: 'ticket_request',
      status: 0,
      paymentMethod: 'card',
      label: 'Lucía',
      reservations: [{ id: table.reservationId, pax: 2, name: 'Mesa Test' }],
    });
    expect(found?.rooms.length).toBeGreaterThan(0);
    expect(found?.reservations[0]?.tables.length).toBeGreaterThan(0);
  });

  it("labels a ticket request from the table QR (no user name) 'Comandero'", async () => {
    const table = await givenSeatedTable(t, v);
    const id = await askForBill(table.tableUid, 'cash');
    const found = (await recent('tpv', 'ticket-request')).find((notification) => notification.id === id);
    expect(found?.label).toBe('Comandero');
  });

  it('a waiter asks for the bill from the copilot (staff form of notification/new), labelled with their name', async () => {
    const table = await givenSeatedTable(t, v);
    const response = await post(
      t,
      'demo',
      '/world/notification/new',
      { reservationWid: table.wid, paymentMethod: 'other' },
      { token: v.tokens.sala1 },
    );
    expect(response.statusCode, response.body).toBe(200);
    const id = (response.json() as { notification: { id: number } }).notification.id;
    const found = (await recent('sala')).find((notification) => notification.id === id);
    expect(found?.label).toEqual(expect.any(String));
    expect(found!.label).not.toBe('');
    expect(found!.label).not.toBe('Comandero');
    expect(found?.paymentMethod).toBe('other');
    // As request-ticket does, the account goes to payment (status 7).
    const [account] = await t.ctx.db
      .select({ status: reservations.status, method: reservations.requestedPaymentMethod })
      .from(reservations)
      .where(eq(reservations.id, table.reservationId));
    expect(account).toEqual({ status: 7, method: 'other' });
  });

  it('call staff and ready to order from the phone', async () => {
    const table = await givenSeatedTable(t, v);
    await post(t, 'demo', '/world/api/notification/call-staff', { uid: table.guestUid });
    await post(t, 'demo', '/world/api/reservation/guest-ready-to-order', {
      uid: table.guestUid,
      reservationId: table.wid,
    });
    const mine = (await recent('sala')).filter((row) => row.reservations[0]?.id === table.reservationId);
    expect(mine.map((row) => row.type).sort()).toEqual(['call_staff', 'customer_ready_to_order']);
  });

  it('the kitchen (order ready) and the kiosk raise theirs inside the caller transaction', async () => {
    const table = await givenSeatedTable(t, v);
    const seq = await lastSeq();
    const [food, kiosk] = await t.ctx.db.transaction(async (tx) => [
      await raiseNotification(tx, v.demo.id, {
        type: 'order_ready_food',
        reservationId: table.reservationId,
        data: { reservationId: table.reservationId },
        at: t.clock.now(),
      }),
      await raiseKioskNotification(tx, v.demo.id, {
        kind: 'walk_in',
        reservationId: table.reservationId,
        data: { name: 'Familia Ruiz', pax: 4 },
        at: t.clock.now(),
      }),
    ]);
    const topics = (await eventsAfter(seq)).map((row) => row.topic);
    expect(topics).toEqual(['notification.created', 'notification.created']);
    const pasante = (await recent('pasante')).map((row) => row.id);
    expect(pasante).toContain(food.id);
    expect(pasante).not.toContain(kiosk.id);
    const cocina = (await recent('cocina')).map((row) => row.id);
    expect(cocina).toContain(kiosk.id);

    // Rolled back with its cause: nothing raised, nothing announced.
    const before = await lastSeq();
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await raiseNotification(tx, v.demo.id, {
          type: 'order_ready_drinks',
          reservationId: table.reservationId,
        });
        throw new Error('the kitchen change failed');
      }),
    ).rejects.toThrow('the kitchen change failed');
    expect(await lastSeq()).toBe(before);
  });
});

describe('routing per role and zone', () => {
  it('gives each role its types: Cocina never gets ticket requests, Barra no bills, TPV the bills', async () => {
    const table = await givenSeatedTable(t, v);
    const id = await askForBill(table.guestUid);
    const ids = async (account: DemoAccount) => (await day(account)).pending.map((row) => row.id);
    expect(await ids('sala')).toContain(id);
    expect(await ids('sala1')).toContain(id);
    expect(await ids('tpv')).toContain(id);
    expect(await ids('cocina')).not.toContain(id);
    expect(await ids('barra')).not.toContain(id);
    expect((await day('cocina')).pending.every((row) => row.type !== 'ticket_request')).toBe(true);
  });

  it('keeps only notifications whose rooms include a selected zone name (strings only)', async () => {
    const table = await givenSeatedTable(t, v);
    const id = await askForBill(table.guestUid);
    const room = (await day('sala')).pending.find((row) => row.id === id)?.rooms[0]?.name;
    expect(room).toBeTruthy();
    const other = room === 'Terraza' ? 'Sala' : 'Terraza';
    const inZone = await day(
      'sala',
      `?zones=${encodeURIComponent(room!)}&zones=${encodeURIComponent('Nada')}`,
    );
    expect(inZone.pending.map((row) => row.id)).toContain(id);
    const outside = await day('sala', `?zones=${encodeURIComponent(other)}`);
    expect(outside.pending.map((row) => row.id)).not.toContain(id);
  });

  it('refuses a role the caller does not hold and reads another service day empty', async () => {
    const response = await call(t, 'demo', {
      method: 'GET',
      url: '/world/api/notifications?roleId=999999',
      token: v.tokens.cocina,
    });
    expect(response.statusCode).toBe(403);
    expect((await day('sala', '?date=2026-01-01')).pending).toEqual([]);
    const bad = await call(t, 'demo', {
      method: 'GET',
      url: '/world/api/notifications?date=ayer',
      token: v.tokens.sala,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('acknowledgement', () => {
  it('moves it to history for every screen at once and announces it once', async () => {
    const table = await givenSeatedTable(t, v);
    const id = await askForBill(table.guestUid);
    const seq = await lastSeq();
    const ack = await post(t, 'demo', `/world/api/notifications/${id}/ack`, {}, { token: v.tokens.sala });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json()).toMatchObject({ result: 0, notification: { id, status: 1 } });
    expect(
      (await eventsAfter(seq)).map((row) => [
        row.topic,
        (row.payload as { notificationId: number }).notificationId,
      ]),
    ).toEqual([['notification.acknowledged', id]]);
    const other = await day('sala1');
    expect(other.pending.map((row) => row.id)).not.toContain(id);
    expect(other.history.find((row) => row.id === id)?.acknowledgedBy).toBeTruthy();

    // The spec's second form, sent again: the same notification, no second event.
    const again = await post(
      t,
      'demo',
      `/world/api/notification/${id}/ack/`,
      { id },
      { token: v.tokens.sala1 },
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(await eventsAfter(seq)).toHaveLength(1);
  });

  it('refuses a role that does not receive the type, and another venue\u2019s ids', async () => {
    const table = await givenSeatedTable(t, v);
    const id = await askForBill(table.guestUid);
    const cocina = await post(
      t,
      'demo',
      `/world/api/notifications/${id}/ack`,
      {},
      { token: v.tokens.cocina },
    );
    expect(cocina.statusCode).toBe(403);
    expect(cocina.json().message).toBe('Este aviso no es para tu rol.');
    const foreign = await post(
      t,
      'otra',
      `/world/api/notifications/${id}/ack`,
      {},
      { token: v.other.tokens.staff },
    );
    expect(foreign.statusCode).toBe(404);
    const foreignPlayed = await post(
      t,
      'otra',
      '/world/notification/setplayed',
      { notification: id },
      { token: v.other.tokens.staff },
    );
    expect(foreignPlayed.statusCode).toBe(404);
    const otherList = await call(t, 'otra', {
      method: 'GET',
      url: '/world/api/notifications/recent',
      token: v.other.tokens.staff,
    });
    expect(
      (otherList.json() as { notifications: Notification[] }).notifications.map((row) => row.id),
    ).not.toContain(id);
    const [row] = await t.ctx.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row?.status).toBe(0);
  });

  it('remembers that the alert was played', async () => {
    const table = await givenSeatedTable(t, v);
    const id = await askForBill(table.guestUid);
    const played = await post(
      t,
      'demo',
      '/world/notification/setplayed',
      { notification: { id } },
      { token: v.tokens.sala },
    );
    expect(played.statusCode, played.body).toBe(200);
    expect((await recent('sala')).find((row) => row.id === id)?.played).toBe(true);
  });
});

describe('scheduler work', () => {
  it('escalates an unanswered request once, past the venue escalation time', async () => {
    const settings = await post(
      t,
      'demo',
      '/world/api/notifications/settings',
      { escalateAfterSeconds: 60 },
      { token: v.tokens.admin },
    );
    expect(settings.statusCode, settings.body).toBe(200);
    const table = await givenSeatedTable(t, v);
    const id = await askForBill(table.guestUid);
    await escalateOverdueRequests(t.ctx);
    expect((await recent('sala')).find((row) => row.id === id)?.escalatedDateTime).toBeNull();
    t.clock.advance(61_000);
    const seq = await lastSeq();
    await escalateOverdueRequests(t.ctx);
    await escalateOverdueRequests(t.ctx);
    const escalated = (await eventsAfter(seq)).filter(
      (row) =>
        row.topic === 'notification.escalated' &&
        (row.payload as { notificationId: number }).notificationId === id,
    );
    expect(escalated).toHaveLength(1);
    expect((await recent('sala')).find((row) => row.id === id)?.escalatedDateTime).toEqual(
      expect.any(String),
    );
    expect((await day('sala')).settings.escalateAfterSeconds).toBe(60);
  });

  it('reminds a dry table once, however often and from however many servers it runs', async () => {
    const table = await givenSeatedTable(t, v);
    const reminders = () =>
      t.ctx.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.reservationId, table.reservationId),
            eq(notifications.type, 'upselling_drinks_reminder'),
          ),
        );
    await raiseUpsellReminders(t.ctx);
    expect(await reminders()).toHaveLength(0);
    t.clock.advance(21 * 60_000);
    await Promise.all([raiseUpsellReminders(t.ctx), raiseUpsellReminders(t.ctx)]);
    await raiseUpsellReminders(t.ctx);
    const rows = await reminders();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.dedupeKey).toBe(`upsell:${table.reservationId}:none`);
    expect((await recent('barra')).map((row) => row.id)).toContain(rows[0]?.id);
    expect((await recent('tpv')).map((row) => row.id)).not.toContain(rows[0]?.id);
  });
});
