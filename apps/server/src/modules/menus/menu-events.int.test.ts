import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, hostOf, type TestApp } from '../../test/test-app.ts';
import { notifyMenuChanged } from './menu-events.ts';
import {
  demoMenu,
  givenOrderingVenues,
  givenSeatedTable,
  post,
  productsOf,
  type OrderingVenues,
} from './ordering.fixtures.ts';

/**
 * Open guest menus hear a staff change of a product at once (issue 6 item 5, decision 014), over a real
 * port: Server-Sent Events of the venue, fed by NOTIFY on commit.
 */
let t: TestApp;
let v: OrderingVenues;
let port: number;

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  port = address.port;
  // Seeding the demo venue and signing its seven accounts in is slow on a busy machine.
}, 180_000);
afterAll(() => t.close());

interface SseEvent {
  event: string;
  data: unknown;
}

/** Opens a venue's menu stream and collects its events until closed. */
function openStream(subdomain: string) {
  const events: SseEvent[] = [];
  let statusCode = 0;
  let headers: http.IncomingHttpHeaders = {};
  let buffer = '';
  let close = (): void => undefined;
  const opened = new Promise<void>((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/world/api/menu/product-events',
        headers: { host: hostOf(subdomain) },
      },
      (response) => {
        statusCode = response.statusCode ?? 0;
        headers = response.headers;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (event && data) events.push({ event, data: JSON.parse(data) });
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
  return {
    events,
    opened,
    waitFor,
    get statusCode() {
      return statusCode;
    },
    get headers() {
      return headers;
    },
    close: () => close(),
  };
}

async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

const AVAILABILITY = '/world/api/product/menu/update-availability-product';

describe('guest menu product events (Server-Sent Events)', () => {
  it('tells every open menu of the venue that a dish sold out, and no other venue', async () => {
    const bravas = productsOf(await demoMenu(t)).find((product) => product.sku === 'ENT-02')!;
    const first = openStream('demo');
    const second = openStream('demo');
    const otherVenue = openStream('otra');
    try {
      await Promise.all([first.opened, second.opened, otherVenue.opened]);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toContain('text/event-stream');
      for (const stream of [first, second, otherVenue])
        await stream.waitFor((list) => list.some((e) => e.event === 'ready'));

      const sold = await post(
        t,
        'demo',
        AVAILABILITY,
        { productId: bravas.id, available: false },
        { token: v.tokens.cocina },
      );
      expect(sold.statusCode, sold.body).toBe(200);
      for (const stream of [first, second]) {
        await stream.waitFor((list) => list.some((e) => e.event === 'product-changed'));
        expect(stream.events.find((e) => e.event === 'product-changed')?.data).toEqual({
          productId: bravas.id,
          sku: 'ENT-02',
          available: false,
          topChoice: false,
          isVisible: true,
          priceCents: bravas.priceCents,
        });
      }

      // A refused change (another venue's product) is rolled back and announces nothing.
      const foreign = await post(
        t,
        'otra',
        AVAILABILITY,
        { productId: bravas.id, available: true },
        { token: v.tokens.cocina },
      );
      expect(foreign.statusCode).not.toBe(200);
      const back = await post(
        t,
        'demo',
        AVAILABILITY,
        { productId: bravas.id, available: true },
        { token: v.tokens.cocina },
      );
      expect(back.statusCode, back.body).toBe(200);
      await first.waitFor((list) => list.filter((e) => e.event === 'product-changed').length >= 2);
      expect(first.events.at(-1)?.data).toMatchObject({ productId: bravas.id, available: true });
      // Nothing more, here or in the other venue: a menu change of each venue's own, told after all of
      // the above, is the next thing each hears (a stream's events arrive in order).
      await notifyMenuChanged(t.ctx.db, v.demo.id);
      await notifyMenuChanged(t.ctx.db, v.other.venue.id);
      await first.waitFor((list) => list.some((e) => e.event === 'menu-changed'));
      expect(first.events.map((e) => e.event)).toEqual([
        'ready',
        'product-changed',
        'product-changed',
        'menu-changed',
      ]);
      await otherVenue.waitFor((list) => list.length > 1);
      expect(otherVenue.events.map((e) => e.event)).toEqual(['ready', 'menu-changed']);
    } finally {
      first.close();
      second.close();
      otherVenue.close();
    }
  });

  it('tells open menus of the venue that an admin changed the menus, so they refetch (decision 060)', async () => {
    const menu = (await demoMenu(t)).menus[0]!;
    const guest = openStream('demo');
    const otherVenue = openStream('otra');
    try {
      await Promise.all([guest.opened, otherVenue.opened]);
      for (const stream of [guest, otherVenue])
        await stream.waitFor((list) => list.some((e) => e.event === 'ready'));
      const created = await post(
        t,
        'demo',
        '/world/api/admin/menu-categories',
        { menuId: menu.id, parentId: null, name: 'Categoría en directo' },
        { token: v.tokens.admin },
      );
      expect(created.statusCode, created.body).toBe(200);
      await guest.waitFor((list) => list.some((e) => e.event === 'menu-changed'));
      // Not the other venue's menus: a change of its own, told after, is the first thing it hears.
      await notifyMenuChanged(t.ctx.db, v.other.venue.id);
      await otherVenue.waitFor((list) => list.length > 1);
      expect(otherVenue.events.map((e) => e.event)).toEqual(['ready', 'menu-changed']);
    } finally {
      guest.close();
      otherVenue.close();
    }
  });

  it("tells a table's phones that its order changed, by a key that names no table", async () => {
    const table = await givenSeatedTable(t, v);
    const other = await givenSeatedTable(t, v);
    const keyOf = async (uid: string) =>
      (
        (await post(t, 'demo', '/world/api/cartsession/guest-order', { uid })).json() as {
          liveKey: string;
        }
      ).liveKey;
    const liveKey = await keyOf(table.guestUid);
    const stream = openStream('demo');
    try {
      await stream.opened;
      await stream.waitFor((list) => list.some((e) => e.event === 'ready'));
      const drink = productsOf(await demoMenu(t)).find((product) => product.sku === 'BEB-02')!;
      const sent = await post(t, 'demo', '/world/api/cartsession/createcartsessionorder', {
        uid: table.guestUid,
        orderInfo: { reservationId: table.reservationId, source: 2 },
        products: [{ sku: drink.sku, options: [], orderQuantity: 1 }],
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const changes = () => stream.events.filter((e) => e.event === 'order-changed');
      await stream.waitFor(() => changes().length >= 1);
      expect(changes()[0]?.data).toEqual({ tableKey: liveKey });
      const lineId = (sent.json() as { cartSessionOrder: { items: { productOrderId: number }[] } })
        .cartSessionOrder.items[0]!.productOrderId;
      const rejected = await post(
        t,
        'demo',
        '/world/api/productorder/mark-as-rejected',
        { productOrderIds: [lineId] },
        { token: v.tokens.barra },
      );
      expect(rejected.statusCode, rejected.body).toBe(200);
      await stream.waitFor(() => changes().length >= 2);
      expect(changes()[1]?.data).toEqual({ tableKey: liveKey });
      expect(liveKey).not.toBe(await keyOf(other.guestUid));
      expect(JSON.stringify(changes())).not.toContain(table.wid);
    } finally {
      stream.close();
    }
  });

  it('refuses unknown venues and forgets closed streams', async () => {
    const unknown = openStream('nadie');
    await unknown.opened;
    expect(unknown.statusCode).toBe(404);
    unknown.close();
    await waitUntil(() => t.app.menuEvents.size === 0);
    const open = openStream('demo');
    await open.opened;
    await open.waitFor((list) => list.length > 0);
    expect(t.app.menuEvents.size).toBe(1);
    open.close();
    // The server forgets a stream once its socket closes.
    await waitUntil(() => t.app.menuEvents.size === 0);
  });
});
