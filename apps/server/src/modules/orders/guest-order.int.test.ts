import type { CartSessionOrder, GuestOrderResponse, MenuProduct } from '@sobremesa/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  demoMenu,
  givenOrderingVenues,
  givenSeatedTable,
  post,
  productsOf,
  releaseDemoTables,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';

/**
 * The guest's "Ver pedido" (issue 18 item 6, decision 028): `cartsession/guest-order {uid}` shows what the
 * capability's table ordered, from any phone or the waiter, with each dish's state in the guest's words.
 */
const CREATE = '/world/api/cartsession/createcartsessionorder';
const GUEST_ORDER = '/world/api/cartsession/guest-order';
const KITCHEN = '/world/api/productorder';

let t: TestApp;
let v: OrderingVenues;
let catalogue: MenuProduct[];

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
  catalogue = productsOf(await demoMenu(t));
}, 180_000);
afterEach(() => releaseDemoTables(t, v));
afterAll(() => t.close());

/** A dish with a priced option, ordered with that option. */
function optioned() {
  const product = catalogue.find(
    (entry) =>
      entry.isMenu === 'NO' &&
      entry.isUnitary === 'NO' &&
      entry.productOptions.length > 0 &&
      entry.productOptions.every((type) => type.options.length > 0),
  )!;
  const options = product.productOptions.map((type) => ({
    optionTypeId: type.id,
    productChoiceId: type.options[0]!.id,
  }));
  const names = product.productOptions.map((type) => type.options[0]!.name);
  return { product, options, names };
}

function plain(except: readonly string[]): MenuProduct {
  return catalogue.find(
    (entry) =>
      entry.isMenu === 'NO' &&
      entry.isUnitary === 'NO' &&
      entry.productOptions.every((type) => type.minChoices === 0) &&
      !except.includes(entry.sku),
  )!;
}

async function order(
  reservationId: number,
  products: { sku: string; options: { optionTypeId: number; productChoiceId: number }[] }[],
  by: { uid: string } | { token: string },
): Promise<CartSessionOrder> {
  const lines = products.map((line) => ({ ...line, orderQuantity: 1 }));
  const response =
    'uid' in by
      ? await post(t, 'demo', CREATE, {
          uid: by.uid,
          orderInfo: { reservationId, source: 2 },
          products: lines,
        })
      : await post(
          t,
          'demo',
          CREATE,
          { orderInfo: { reservationId, source: 1 }, products: lines },
          { token: by.token },
        );
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { cartSessionOrder: CartSessionOrder }).cartSessionOrder;
}

async function seen(uid: string): Promise<GuestOrderResponse> {
  const response = await post(t, 'demo', GUEST_ORDER, { uid });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as GuestOrderResponse;
}

async function kitchen(action: string, productOrderId: number) {
  const response = await post(
    t,
    'demo',
    `${KITCHEN}/${action}`,
    { productOrderIds: [productOrderId] },
    { token: v.tokens.cocina },
  );
  expect(response.statusCode, response.body).toBe(200);
}

describe('cartsession/guest-order', () => {
  it("shows a guest every dish of the table, with choices, price and the kitchen's progress in words", async () => {
    const table = await givenSeatedTable(t, v);
    const dish = optioned();
    const drink = plain([dish.product.sku]);
    const starter = plain([dish.product.sku, drink.sku]);
    const fromPhone = await order(
      table.reservationId,
      [
        { sku: dish.product.sku, options: dish.options },
        { sku: drink.sku, options: [] },
      ],
      { uid: table.guestUid },
    );
    const fromWaiter = await order(table.reservationId, [{ sku: starter.sku, options: [] }], {
      token: v.tokens.sala,
    });

    const before = await seen(table.guestUid);
    expect(before.lines.map((line) => [line.name, line.state])).toEqual([
      [dish.product.name, 'received'],
      [drink.name, 'received'],
      [starter.name, 'received'],
    ]);
    const dishLine = before.lines[0]!;
    expect(dishLine.choices).toEqual(dish.names);
    expect(dishLine.totalCents).toBe(fromPhone.items[0]!.totalCents);
    expect(before.totalCents).toBe(fromPhone.totalCents + fromWaiter.totalCents);
    // The bill request shows what is left to pay: all of it, nothing paid yet.
    expect(before.dueCents).toBe(before.totalCents);
    expect(before.liveKey).toMatch(/^[0-9a-f]{24}$/);
    // The table QR's own capability reads the same table.
    expect((await seen(table.tableUid)).lines).toHaveLength(3);

    const dishId = fromPhone.items[0]!.productOrderId;
    const drinkId = fromPhone.items[1]!.productOrderId;
    await kitchen('startpreparation', dishId);
    expect((await seen(table.guestUid)).lines[0]!.state).toBe('preparing');
    await kitchen('finishpreparation', dishId);
    // The kitchen refuses a dish it cannot make before starting it: the guest is told and not charged.
    await kitchen('mark-as-rejected', drinkId);
    const after = await seen(table.guestUid);
    expect(after.lines.map((line) => line.state)).toEqual(['ready', 'notMade', 'received']);
    expect(after.lines[1]!.totalCents).toBe(0);
    expect(after.totalCents).toBe(before.totalCents - before.lines[1]!.totalCents);
    expect(after.dueCents).toBe(after.totalCents);

    // Paid at the TPV: the phone still reads the table, and nothing is due.
    const paid = await post(
      t,
      'demo',
      '/world/api/reservation/paid-reservation',
      { reservationId: table.reservationId, paymentMethod: 'card' },
      { token: v.tokens.tpv },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await seen(table.guestUid)).dueCents).toBe(0);
  });

  it("never shows another table's dishes", async () => {
    const mine = await givenSeatedTable(t, v);
    const theirs = await givenSeatedTable(t, v);
    await order(theirs.reservationId, [{ sku: plain([]).sku, options: [] }], { uid: theirs.guestUid });
    const view = await seen(mine.guestUid);
    expect(view.lines).toEqual([]);
    expect(view.totalCents).toBe(0);
    expect(view.liveKey).not.toBe((await seen(theirs.guestUid)).liveKey);
    // Another venue does not know the capability at all.
    const elsewhere = await post(t, 'otra', GUEST_ORDER, { uid: mine.guestUid });
    expect(elsewhere.statusCode).toBeGreaterThanOrEqual(400);
    expect(elsewhere.statusCode).toBeLessThan(500);
  });

  it('answers bad input with a 4xx and a message, never a 500', async () => {
    const table = await givenSeatedTable(t, v);
    const bodies: unknown[] = [
      {},
      { uid: 42 },
      { uid: 'corto' },
      { uid: `${'x'.repeat(20)}\u0000` },
      { uid: `${'x'.repeat(20)}\ud800` },
      { uid: 'y'.repeat(40) },
      { uid: table.guestUid, reservationId: table.reservationId + 1 },
    ];
    for (const body of bodies) {
      const response = await post(t, 'demo', GUEST_ORDER, body, { headers: { 'x-locale': 'es' } });
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect((response.json() as { message?: string }).message).toBeTruthy();
    }
  });
});
