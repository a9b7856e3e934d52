import type { CartSessionOrder, MenuProduct, Notification } from '@sobremesa/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../test/test-app.ts';
import {
  demoMenu,
  givenOrderingVenues,
  givenSeatedTable,
  post,
  productsOf,
  releaseDemoTables,
  type DemoAccount,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';

/**
 * Issue 18 item 4: a notification ends with what ended its cause, for every tablet (the same
 * `notification.acknowledged` event as a tap on "Atendido"): a bill paid or a table closed ends "Piden la
 * cuenta"; a dish served ends its ready alert, which names the dish.
 */
let t: TestApp;
let v: OrderingVenues;
let catalogue: MenuProduct[];

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
  catalogue = productsOf(await demoMenu(t));
}, 180_000);
afterAll(() => t.close());
afterEach(() => releaseDemoTables(t, v));

const as = (who: DemoAccount, path: string, body: Record<string, unknown>) =>
  post(t, 'demo', path, body, { token: v.tokens[who] });

async function pending(who: DemoAccount): Promise<Notification[]> {
  const response = await call(t, 'demo', {
    method: 'GET',
    url: '/world/api/notifications',
    token: v.tokens[who],
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { pending: Notification[] }).pending;
}

const ofTable = (list: Notification[], reservationId: number, type: string) =>
  list.filter((row) => row.type === type && row.reservations[0]?.id === reservationId);

/** Two drinks with no required choice, ordered from the commander; their line ids. */
async function orderDrinks(reservationId: number): Promise<{ ids: number[]; names: string[] }> {
  const drinks = catalogue
    .filter((entry) => entry.type === 'bebida' && entry.isMenu === 'NO' && entry.isUnitary === 'NO')
    .filter((entry) => entry.productOptions.every((type) => type.minChoices === 0))
    .slice(0, 2);
  const response = await as('sala', '/world/api/cartsession/createcartsessionorder', {
    orderInfo: { reservationId, source: 1 },
    products: drinks.map((drink) => ({ sku: drink.sku, options: [], orderQuantity: 1 })),
  });
  expect(response.statusCode, response.body).toBe(201);
  const placed = (response.json() as { cartSessionOrder: CartSessionOrder }).cartSessionOrder;
  return { ids: placed.items.map((item) => item.productOrderId), names: drinks.map((drink) => drink.name) };
}

describe('a notification ends with its cause', () => {
  it('paying the bill ends "Piden la cuenta" on Sala and TPV, attended by the cashier', async () => {
    const table = await givenSeatedTable(t, v);
    await orderDrinks(table.reservationId);
    const asked = await post(t, 'demo', '/world/notification/new', {
      uid: table.guestUid,
      paymentMethod: 'card',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(ofTable(await pending('sala'), table.reservationId, 'ticket_request')).toHaveLength(1);
    expect(ofTable(await pending('tpv'), table.reservationId, 'ticket_request')).toHaveLength(1);

    const paid = await as('tpv', '/world/api/reservation/paid-reservation', {
      reservationId: table.reservationId,
      paymentMethod: 'card',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(ofTable(await pending('sala'), table.reservationId, 'ticket_request')).toEqual([]);
    expect(ofTable(await pending('tpv'), table.reservationId, 'ticket_request')).toEqual([]);
    const history = await call(t, 'demo', {
      method: 'GET',
      url: '/world/api/notifications',
      token: v.tokens.tpv,
    });
    const done = (history.json() as { history: Notification[] }).history.find(
      (row) => row.type === 'ticket_request' && row.reservations[0]?.id === table.reservationId,
    );
    expect(done?.status).toBe(1);
    expect(done?.acknowledgedBy).toBeTruthy();
  });

  it('a payment that settles the bill ends the request; a part payment does not', async () => {
    const table = await givenSeatedTable(t, v);
    await orderDrinks(table.reservationId);
    await post(t, 'demo', '/world/notification/new', { uid: table.guestUid, paymentMethod: 'cash' });
    const info = await as('tpv', '/world/api/reservation/payment-info', {
      reservationId: table.reservationId,
    });
    const total = (info.json() as { paymentInfo: { pending: number } }).paymentInfo.pending;
    const part = await as('tpv', '/world/api/payment/create', {
      reservationId: table.reservationId,
      method: 'cash',
      amountCents: 100,
    });
    expect(part.statusCode, part.body).toBe(201);
    expect(ofTable(await pending('tpv'), table.reservationId, 'ticket_request')).toHaveLength(1);
    const rest = await as('tpv', '/world/api/payment/create', {
      reservationId: table.reservationId,
      method: 'cash',
      amountCents: total - 100,
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(ofTable(await pending('tpv'), table.reservationId, 'ticket_request')).toEqual([]);
  });

  it('closing the table ends everything it asked for', async () => {
    const table = await givenSeatedTable(t, v);
    await post(t, 'demo', '/world/api/notification/call-staff', { uid: table.guestUid });
    expect(ofTable(await pending('sala'), table.reservationId, 'call_staff')).toHaveLength(1);
    const closed = await as('sala1', `/world/api/reservation/${table.reservationId}/close`, {});
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await pending('sala')).filter((row) => row.reservations[0]?.id === table.reservationId)).toEqual(
      [],
    );
  });

  it('a ready alert names its dishes and ends when they are served, not before', async () => {
    const table = await givenSeatedTable(t, v);
    const { ids, names } = await orderDrinks(table.reservationId);
    const ready = await as('barra', '/world/api/productorder/finishpreparation', { productOrderIds: ids });
    expect(ready.statusCode, ready.body).toBe(200);
    const [alert] = ofTable(await pending('barra'), table.reservationId, 'order_ready_drinks');
    expect((alert?.data.items as { name: string }[]).map((item) => item.name)).toEqual(names);

    // One of two served: the other still waits at the bar.
    expect(
      (await as('sala', '/world/api/productorder/serve', { productOrderIds: [ids[0]] })).statusCode,
    ).toBe(200);
    expect(ofTable(await pending('barra'), table.reservationId, 'order_ready_drinks')).toHaveLength(1);
    // "Servir todo": the rest.
    expect(
      (await as('sala', '/world/api/productorder/serve', { productOrderIds: [ids[1]] })).statusCode,
    ).toBe(200);
    expect(ofTable(await pending('barra'), table.reservationId, 'order_ready_drinks')).toEqual([]);
  });
});
