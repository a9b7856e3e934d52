import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GetByDayResponse, GetByRoleResponse } from '@sobremesa/contracts';
import { PRODUCT_ORDER_STATUS } from '@sobremesa/domain';
import { queryRows } from '../../db/rows.ts';
import { buildTestApp, TestClock, type TestApp } from '../../test/test-app.ts';
import { DemoApi, injectTransport } from './demo-client.ts';
import { DEMO_PASSWORD, seedDemoVenue } from './demo-seed.ts';
import { seedDemoServiceDay, serviceGoingOn } from './demo-service-day.ts';

let t: TestApp;
let api: DemoApi;

// Thursday 19 November 2026, 14:40 in Madrid: lunch is going on.
const LUNCH_TIME = '2026-11-19T13:40:00Z';

const seedDay = () =>
  seedDemoServiceDay(t.ctx, injectTransport(t.app, 'localhost'), {
    host: 'localhost',
    password: DEMO_PASSWORD,
  });

beforeAll(async () => {
  t = await buildTestApp({ clock: new TestClock(new Date(LUNCH_TIME)) });
  await seedDemoVenue(t.ctx.db);
  api = new DemoApi(injectTransport(t.app, 'localhost'), DEMO_PASSWORD);
});
afterAll(() => t.close());

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(t.ctx.db, query);
  return Number(row?.n);
}

const localTime = (iso: string) => iso.slice(11, 16);

describe('serviceGoingOn', () => {
  it('is lunch from 06:00 until 17:30 and dinner from then until 06:00, in the venue zone', () => {
    expect(serviceGoingOn(new Date('2026-11-19T05:00:00Z'), 'Europe/Madrid')).toBe('Comida');
    expect(serviceGoingOn(new Date('2026-11-19T16:29:00Z'), 'Europe/Madrid')).toBe('Comida');
    expect(serviceGoingOn(new Date('2026-11-19T16:30:00Z'), 'Europe/Madrid')).toBe('Cena');
    expect(serviceGoingOn(new Date('2026-11-20T04:59:00Z'), 'Europe/Madrid')).toBe('Cena');
  });
});

describe('seedDemoServiceDay', () => {
  it('brings today to life: lunch and dinner bookings, a no-show, a walk-in, every kitchen state', async () => {
    const result = await seedDay();
    expect(result).toMatchObject({ seeded: true, date: '2026-11-19', service: 'Comida', reservations: 11 });

    const day = await api.serviceDay('sala');
    expect(day.logicalDate).toBe('2026-11-19');
    expect(day.reservations).toHaveLength(11);
    const bookings = day.reservations.filter((reservation) => reservation.source === 'phone');
    const times = bookings.map((reservation) => localTime(reservation.startDateTime));
    expect(times.some((time) => time >= '13:00' && time < '16:00')).toBe(true);
    expect(times.some((time) => time >= '20:00')).toBe(true);
    expect(day.reservations.filter((reservation) => reservation.status === -4)).toHaveLength(1);
    expect(day.reservations.filter((reservation) => reservation.source === 'walk_in')).toHaveLength(1);
    expect(day.lists.seated.length + day.lists.forPayment.length).toBe(4);
    expect(day.lists.forPayment).toHaveLength(1);
    // Dinner is still to come.
    expect(day.lists.toCome.length).toBeGreaterThanOrEqual(6);

    const statuses = new Set(
      day.reservations.flatMap(
        (reservation) => reservation.cartSession?.productOrders.map((line) => line.statusProductOrder) ?? [],
      ),
    );
    for (const status of ['accepted', 'preparing', 'ready', 'served'] as const)
      expect(statuses, status).toContain(PRODUCT_ORDER_STATUS[status]);
  });

  it('gives the kitchen, the bar, the pass and the till something to do', async () => {
    const lineStatuses = (reply: GetByRoleResponse) =>
      reply.groups.flatMap((group) => group.items.map((item) => item.statusProductOrder));
    expect(lineStatuses(await api.kitchen('cocina'))).toEqual(
      expect.arrayContaining([PRODUCT_ORDER_STATUS.accepted, PRODUCT_ORDER_STATUS.preparing]),
    );
    expect(lineStatuses(await api.kitchen('barra'))).toContain(PRODUCT_ORDER_STATUS.accepted);
    expect(lineStatuses(await api.kitchen('pasante'))).toContain(PRODUCT_ORDER_STATUS.ready);
    // The bill request and the call are waiting on staff's notification centres.
    expect(
      await count(sql`select count(*) as n from notifications where type = 'ticket_request' and status = 0`),
    ).toBe(1);
    expect(
      await count(sql`select count(*) as n from notifications where type = 'call_staff' and status = 0`),
    ).toBe(1);
    // Every change told the staff screens, through the outbox.
    expect(await count(sql`select count(*) as n from realtime_events`)).toBeGreaterThan(20);
  });

  it('seeds nothing more on a restart the same service day, even after midnight', async () => {
    const before = await count(sql`select count(*) as n from reservations`);
    const orders = await count(sql`select count(*) as n from product_orders`);
    expect(await seedDay()).toMatchObject({ seeded: false, date: '2026-11-19' });
    // 01:30 on the 20th is still the 19th's service.
    t.clock.set('2026-11-20T00:30:00Z');
    expect(await seedDay()).toMatchObject({ seeded: false, date: '2026-11-19' });
    expect(await count(sql`select count(*) as n from reservations`)).toBe(before);
    expect(await count(sql`select count(*) as n from product_orders`)).toBe(orders);
  });

  it('seeds the new day on the first start after 06:00, at dinner with lunch already over', async () => {
    // Friday 20 November, 21:50 in Madrid.
    t.clock.set('2026-11-20T20:50:00Z');
    expect(await seedDay()).toMatchObject({ seeded: true, date: '2026-11-20', service: 'Cena' });
    const day: GetByDayResponse = await api.serviceDay('sala1');
    expect(day.logicalDate).toBe('2026-11-20');
    const lunch = day.reservations.filter(
      (reservation) => reservation.source === 'phone' && localTime(reservation.startDateTime) < '16:00',
    );
    expect(lunch).toHaveLength(5);
    expect(lunch.every((reservation) => reservation.finishedDateTime !== null)).toBe(true);
    expect(day.lists.forPayment).toHaveLength(1);
    expect(day.reservations.filter((reservation) => reservation.status === -4)).toHaveLength(1);
  });
});

describe('seedDemoServiceDay in the morning', () => {
  it('plays lunch early: seated tables and tickets before the first booking time', async () => {
    const morning = await buildTestApp({ clock: new TestClock(new Date('2026-11-24T06:10:00Z')) });
    try {
      await seedDemoVenue(morning.ctx.db);
      const transport = injectTransport(morning.app, 'localhost');
      // Tuesday 24 November, 07:10 in Madrid.
      expect(
        await seedDemoServiceDay(morning.ctx, transport, { host: 'localhost', password: DEMO_PASSWORD }),
      ).toMatchObject({ seeded: true, date: '2026-11-24', service: 'Comida' });
      const day = await new DemoApi(transport, DEMO_PASSWORD).serviceDay('sala');
      expect(day.lists.seated.length + day.lists.forPayment.length).toBe(4);
      expect(day.lists.toCome).toHaveLength(6);
    } finally {
      await morning.close();
    }
  });

  it('is seeded once when two instances start at the same time', async () => {
    const twice = await buildTestApp({ clock: new TestClock(new Date('2026-11-24T12:00:00Z')) });
    try {
      await seedDemoVenue(twice.ctx.db);
      const start = () =>
        seedDemoServiceDay(twice.ctx, injectTransport(twice.app, 'localhost'), {
          host: 'localhost',
          password: DEMO_PASSWORD,
        });
      const results = await Promise.all([start(), start()]);
      expect(results.map((result) => result.seeded).sort()).toEqual([false, true]);
      const [row] = await queryRows<{ n: string | number }>(
        twice.ctx.db,
        sql`select count(*) as n from reservations`,
      );
      expect(Number(row?.n)).toBe(11);
    } finally {
      await twice.close();
    }
  });
});
