import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { buildTestApp, hostOf, TestClock, type TestApp } from '../../test/test-app.ts';
import { DemoApi, httpTransport, injectTransport } from './demo-client.ts';
import { DEMO_PASSWORD, seedDemoVenue } from './demo-seed.ts';
import { seedDemoServiceDay } from './demo-service-day.ts';
import { playService, seededRandom, ServicePlayer, type PlayedAction } from './service-player.ts';

let t: TestApp;
let url: string;

beforeAll(async () => {
  // Thursday 19 November 2026, 14:40 in Madrid: lunch is going on.
  t = await buildTestApp({ clock: new TestClock(new Date('2026-11-19T13:40:00Z')) });
  await seedDemoVenue(t.ctx.db);
  await seedDemoServiceDay(t.ctx, injectTransport(t.app, 'localhost'), {
    host: 'localhost',
    password: DEMO_PASSWORD,
  });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(t.ctx.db, query);
  return Number(row?.n);
}

describe('httpTransport', () => {
  it("names the venue by the Host header when the URL's host does not (--venue)", async () => {
    const ask = (host: string) =>
      httpTransport(url, host)({ path: '/world/api/venueconfig', body: {} }).then((reply) => reply.status);
    expect(await ask(hostOf('demo'))).toBe(200);
    expect(await ask(hostOf('elsewhere'))).toBe(404);
  });
});

describe('playService (npm run demo:service)', () => {
  it('has the till charge the table that asked for the bill', async () => {
    const api = new DemoApi(httpTransport(url), DEMO_PASSWORD);
    const forPayment = (await api.serviceDay('tpv')).lists.forPayment;
    expect(forPayment).toHaveLength(1);
    // 0.483 of the weights picks the till's action first.
    const action = await new ServicePlayer(api, () => 0.483).step();
    expect(action).toMatchObject({ kind: 'pay', ok: true });
    expect(action.line).toMatch(/^till: charges table 7 \(Javier Ruiz\) \d+,\d\d € by card, T/);
    const day = await api.serviceDay('tpv');
    expect(day.lists.forPayment).toEqual([]);
    expect(
      day.reservations.find((reservation) => reservation.id === forPayment[0])?.finishedDateTime,
    ).not.toBeNull();
  });

  it('plays guests, floor, kitchen and bar against a server over HTTP, and the server sees each action', async () => {
    const eventsBefore = await count(sql`select count(*) as n from realtime_events`);
    const linesBefore = await count(sql`select count(*) as n from product_orders`);
    const reservationsBefore = await count(sql`select count(*) as n from reservations`);
    const seen: PlayedAction[] = [];
    const report = await playService({
      api: new DemoApi(httpTransport(url), DEMO_PASSWORD),
      intervalMs: 0,
      maxActions: 24,
      random: seededRandom(7),
      onAction: (action) => seen.push(action),
    });

    expect(report.actions).toHaveLength(24);
    expect(seen).toEqual(report.actions);
    for (const action of report.actions) expect(action.line.length).toBeGreaterThan(0);
    const played = report.actions.filter((action) => action.ok && action.kind !== 'idle');
    expect(played.length).toBeGreaterThanOrEqual(18);
    const kinds = new Set(played.map((action) => action.kind));
    for (const kind of ['order', 'cook', 'bar'] as const) expect(kinds, kind).toContain(kind);

    // Every write the player made reached the database and the staff screens' outbox.
    expect(await count(sql`select count(*) as n from realtime_events`)).toBeGreaterThanOrEqual(
      eventsBefore + played.length,
    );
    const ordered = played.filter((action) => action.kind === 'order').length;
    expect(await count(sql`select count(*) as n from product_orders`)).toBeGreaterThanOrEqual(
      linesBefore + ordered,
    );
    const arrivals = played.filter((action) => action.kind === 'arrive').length;
    expect(await count(sql`select count(*) as n from reservations`)).toBe(reservationsBefore + arrivals);
    const started = played.filter((action) => / starts /.test(action.line)).length;
    if (started > 0)
      expect(
        await count(sql`select count(*) as n from product_orders where date_preparing is not null`),
      ).toBeGreaterThanOrEqual(started);
  });
});
