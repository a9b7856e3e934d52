import http from 'node:http';
import {
  STATION_TICKETS_TOPIC,
  type GetByRoleResponse,
  type MenuProduct,
  type StationTicketsEvent,
} from '@sobremesa/contracts';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { realtimeEvents, takeawayOrders, takeawaySettings } from '../../db/schema/index.ts';
import { buildTestApp, hostOf, type TestApp } from '../../test/test-app.ts';
import type { Mailer, MailMessage } from '../../lib/mailer.ts';
import {
  demoMenu,
  givenOrderingVenues,
  givenSeatedTable,
  post,
  productsOf,
  releaseTables,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';

/**
 * Issue 27 items 3 and 4 (decision 041): the kitchen sees a takeaway order marked, with its number and
 * pickup time, scheduled until pickup minus the preparation time; its dishes move the order; the guest's
 * page hears each move on a live stream named by the order's key; the guest gets an email at accepted,
 * ready and refused.
 */
let t: TestApp;
let v: OrderingVenues;
let port: number;
let dish: MenuProduct;
const sent: MailMessage[] = [];

/** A mailer that keeps what it would send. */
const recordingMailer: Mailer = {
  enabled: true,
  send: async (message) => {
    sent.push(message);
    return { sent: true, messageId: `m${sent.length}` };
  },
  sendInBackground(message) {
    sent.push(message);
  },
  close: async () => undefined,
};

beforeAll(async () => {
  t = await buildTestApp({ mailer: recordingMailer });
  v = await givenOrderingVenues(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  port = address.port;
  const found = productsOf(await demoMenu(t)).find(
    (entry) =>
      entry.type === 'comida' &&
      entry.isMenu === 'NO' &&
      entry.isUnitary === 'NO' &&
      entry.productOptions.every((type) => type.minChoices === 0),
  );
  if (!found) throw new Error('no plain dish');
  dish = found;
}, 180_000);
afterAll(() => t.close());

beforeEach(async () => {
  t.clock.set('2026-11-20T12:00:00Z');
  sent.length = 0;
  await t.ctx.db.delete(takeawaySettings);
});

const staff = (url: string, payload: unknown, who: 'sala' | 'cocina' | 'admin' = 'sala') =>
  post(t, 'demo', url, payload, { token: v.tokens[who] });

async function placed(time: string, extra: Record<string, unknown> = {}) {
  const response = await post(t, 'demo', '/world/api/takeaway/order', {
    mode: 'pickup',
    date: '2026-11-20',
    time,
    name: 'Lucía',
    phone: '+34 600 222 333',
    email: 'lucia@example.com',
    products: [{ sku: dish.sku, orderQuantity: 1 }],
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json() as { statusToken: string; order: { number: number; liveKey: string } };
  const [row] = await t.ctx.db
    .select()
    .from(takeawayOrders)
    .where(and(eq(takeawayOrders.venueId, v.demo.id), eq(takeawayOrders.number, body.order.number)));
  return { ...body, id: row!.id, reservationId: row!.reservationId };
}

async function kitchenDay(): Promise<GetByRoleResponse> {
  const response = await staff('/world/api/productorder/get-by-role', {}, 'cocina');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as GetByRoleResponse;
}

const linesOf = (day: GetByRoleResponse, reservationId: number) =>
  day.groups.filter((group) => group.reservationId === reservationId).flatMap((group) => group.items);

const guestStatus = async (statusToken: string) =>
  (
    (await post(t, 'demo', '/world/api/takeaway/status', { statusToken })).json() as {
      order: { status: string };
    }
  ).order.status;

describe('the kitchen and a takeaway order', () => {
  it('shows it marked with its number, pickup and firing time, and its dishes move it to ready', async () => {
    const order = await placed('20:30');
    // Waiting for staff: nothing for the kitchen to cook yet.
    expect(linesOf(await kitchenDay(), order.reservationId).map((line) => line.statusProductOrder)).toEqual([
      0,
    ]);
    expect((await staff('/world/api/takeaway/accept', { takeawayOrderId: order.id })).statusCode).toBe(200);

    const lines = linesOf(await kitchenDay(), order.reservationId);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.reservationInfo.takeaway).toEqual({
      mode: 'pickup',
      number: order.order.number,
      pickupDateTime: '2026-11-20T20:30:00+01:00',
      // The default 20 minutes of preparation.
      firesDateTime: '2026-11-20T20:10:00+01:00',
    });

    const ids = { productOrderIds: [lines[0]!.productOrderId] };
    expect((await staff('/world/api/productorder/startpreparation', ids, 'cocina')).statusCode).toBe(200);
    expect(await guestStatus(order.statusToken)).toBe('preparing');
    expect((await staff('/world/api/productorder/finishpreparation', ids, 'cocina')).statusCode).toBe(200);
    expect(await guestStatus(order.statusToken)).toBe('ready');
    // Staff hand it over from there; the kitchen's move took the usual path.
    const handed = await staff('/world/api/takeaway/advance', {
      takeawayOrderId: order.id,
      status: 'delivered',
    });
    expect(handed.statusCode, handed.body).toBe(200);
  });

  it('fires at pickup minus the venue’s own preparation time', async () => {
    await t.ctx.db.insert(takeawaySettings).values({ venueId: v.demo.id, prepMinutes: 45 });
    const order = await placed('21:00');
    expect((await staff('/world/api/takeaway/accept', { takeawayOrderId: order.id })).statusCode).toBe(200);
    const [line] = linesOf(await kitchenDay(), order.reservationId);
    expect(line!.reservationInfo.takeaway?.firesDateTime).toBe('2026-11-20T20:15:00+01:00');
  });

  it('leaves a table’s tickets without a mark', async () => {
    const table = await givenSeatedTable(t, v);
    try {
      const ordered = await staff('/world/api/cartsession/createcartsessionorder', {
        orderInfo: { reservationId: table.reservationId, source: 1 },
        products: [{ sku: dish.sku, options: [], orderQuantity: 1 }],
      });
      expect(ordered.statusCode, ordered.body).toBe(201);
      const lines = linesOf(await kitchenDay(), table.reservationId);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line.reservationInfo.takeaway).toBeNull();
    } finally {
      await releaseTables(t, v.demo.id);
    }
  });

  it('prints the takeaway mark on the station tickets when the order is accepted', async () => {
    const configured = await staff('/world/api/venueconfig/update', { printEnabled: true }, 'admin');
    expect(configured.statusCode, configured.body).toBe(200);
    try {
      const order = await placed('21:15');
      const [last] = await t.ctx.db
        .select({ seq: realtimeEvents.seq })
        .from(realtimeEvents)
        .orderBy(desc(realtimeEvents.seq))
        .limit(1);
      expect((await staff('/world/api/takeaway/accept', { takeawayOrderId: order.id })).statusCode).toBe(200);
      const rows = await t.ctx.db
        .select()
        .from(realtimeEvents)
        .where(
          and(
            eq(realtimeEvents.venueId, v.demo.id),
            eq(realtimeEvents.topic, STATION_TICKETS_TOPIC),
            gt(realtimeEvents.seq, last?.seq ?? 0),
          ),
        )
        .orderBy(asc(realtimeEvents.seq));
      const tickets = rows.flatMap((row) => (row.payload as StationTicketsEvent).tickets);
      expect(tickets.length).toBeGreaterThan(0);
      const text = tickets[0]!.lines.map((line) => ('text' in line ? line.text : '---'));
      expect(text).toContain('*** PARA LLEVAR ***');
      expect(text).toContain(`Pedido ${order.order.number} · Recoge a las 21:15`);
    } finally {
      await staff('/world/api/venueconfig/update', { printEnabled: false }, 'admin');
    }
  });
});

interface SseEvent {
  event: string;
}

/** Opens an order's live stream and collects its events until closed. */
function openStream(key: string) {
  const events: SseEvent[] = [];
  let statusCode = 0;
  let buffer = '';
  let close = (): void => undefined;
  const opened = new Promise<void>((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: `/world/api/takeaway/events?key=${encodeURIComponent(key)}`,
        headers: { host: hostOf('demo') },
      },
      (response) => {
        statusCode = response.statusCode ?? 0;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.+)$/m.exec(block)?.[1];
            if (event) events.push({ event });
          }
        });
        resolve();
      },
    );
    request.on('error', reject);
    close = () => request.destroy();
  });
  // No deadline of its own: the test's timeout is the only one (how fast is bench:notifications' to say).
  const waitFor = async (predicate: (list: SseEvent[]) => boolean) => {
    while (!predicate(events)) await new Promise((r) => setTimeout(r, 10));
  };
  const changes = () => events.filter((event) => event.event === 'order-changed').length;
  return {
    opened,
    waitFor,
    changes,
    get statusCode() {
      return statusCode;
    },
    close: () => close(),
  };
}

describe('the guest following an order live', () => {
  it('hears each move of their own order only, then reads it with the status link', async () => {
    const mine = await placed('21:30');
    const other = await placed('21:30');
    expect(mine.order.liveKey).toMatch(/^[0-9a-f]{32}$/);
    expect(mine.order.liveKey).not.toBe(other.order.liveKey);
    expect(mine.statusToken).not.toContain(mine.order.liveKey);
    const stream = openStream(mine.order.liveKey);
    const otherStream = openStream(other.order.liveKey);
    try {
      await Promise.all([stream.opened, otherStream.opened]);
      expect(stream.statusCode).toBe(200);
      await stream.waitFor((list) => list.some((e) => e.event === 'ready'));
      await otherStream.waitFor((list) => list.some((e) => e.event === 'ready'));

      expect((await staff('/world/api/takeaway/accept', { takeawayOrderId: mine.id })).statusCode).toBe(200);
      await stream.waitFor(() => stream.changes() === 1);
      const advanced = await staff('/world/api/takeaway/advance', {
        takeawayOrderId: mine.id,
        status: 'ready',
      });
      expect(advanced.statusCode).toBe(200);
      await stream.waitFor(() => stream.changes() === 2);
      expect(await guestStatus(mine.statusToken)).toBe('ready');
      // The other order's page heard nothing of it: its own move, made after, is the first it hears.
      expect((await staff('/world/api/takeaway/accept', { takeawayOrderId: other.id })).statusCode).toBe(200);
      await otherStream.waitFor(() => otherStream.changes() > 0);
      expect(otherStream.changes()).toBe(1);
    } finally {
      stream.close();
      otherStream.close();
    }
  });

  it('refuses a malformed key before opening anything', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/world/api/takeaway/events?key=not-a-key',
      headers: { host: hostOf('demo') },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/world/api/takeaway/events',
      headers: { host: hostOf('demo') },
    });
    expect(missing.statusCode).toBe(400);
  });
});

describe('the guest’s emails', () => {
  it('says accepted and ready with the order number, in the guest’s language', async () => {
    const order = await placed('22:00', { locale: 'en' });
    expect(sent).toEqual([]);
    expect((await staff('/world/api/takeaway/accept', { takeawayOrderId: order.id })).statusCode).toBe(200);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: 'lucia@example.com',
      language: 'en',
      subject: `Order ${order.order.number} accepted at ${v.demo.businessName}`,
    });
    expect(sent[0]!.text).toContain(`Order number: ${order.order.number}`);
    expect(sent[0]!.text).toContain('22:00');

    // Preparing sends nothing; ready, moved by the kitchen, does.
    const [line] = linesOf(await kitchenDay(), order.reservationId);
    const ids = { productOrderIds: [line!.productOrderId] };
    await staff('/world/api/productorder/startpreparation', ids, 'cocina');
    expect(sent).toHaveLength(1);
    await staff('/world/api/productorder/finishpreparation', ids, 'cocina');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.subject).toBe(`Your order ${order.order.number} from ${v.demo.businessName} is ready`);
    expect(sent[1]!.text).toContain('come and pick it up');
  });

  it('says refused with the reason, in Spanish by default', async () => {
    const order = await placed('22:15');
    const refused = await staff('/world/api/takeaway/refuse', {
      takeawayOrderId: order.id,
      reason: 'Nos hemos quedado sin horno',
    });
    expect(refused.statusCode).toBe(200);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(
      `No podemos preparar tu pedido ${order.order.number} de ${v.demo.businessName}`,
    );
    expect(sent[0]!.text).toContain('Motivo: Nos hemos quedado sin horno');
    expect(sent[0]!.html).toContain('Nos hemos quedado sin horno');
    // A refused move that fails (already refused) sends nothing more.
    const again = await staff('/world/api/takeaway/refuse', {
      takeawayOrderId: order.id,
      reason: 'Otra vez',
    });
    expect(again.statusCode).toBe(409);
    expect(sent).toHaveLength(1);
  });
});
