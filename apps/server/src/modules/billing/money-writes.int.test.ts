import type { CartSessionOrder, PaymentInfo } from '@sobremesa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cartSessionOrders, reservationPromotions } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../test/test-app.ts';
import {
  givenOrderingVenues,
  givenSeatedTable,
  post,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';

/** Issue 17 items 8 and 9 (decision 022): money writes and the order call need an Idempotency-Key. */

const ORDER = '/world/api/cartsession/createcartsessionorder';
const PROMOTE = '/world/api/reservation-promotions/assign-to-reservation';
const KEY_MISSING = 'Falta la cabecera Idempotency-Key: esta operación la necesita para no repetirse.';

let t: TestApp;
let v: OrderingVenues;

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
}, 180_000);
afterAll(() => t.close());

/** A seated table with 2 × Patatas bravas (6,50) and 3 × Cerveza gallega (3,50): 23,50 owed. */
async function givenAccount() {
  const table = await givenSeatedTable(t, v);
  const ordered = await post(
    t,
    'demo',
    ORDER,
    {
      orderInfo: { reservationId: table.reservationId, source: 1 },
      products: [
        { sku: 'ENT-02', options: [], orderQuantity: 2 },
        { sku: 'CER-03', options: [], orderQuantity: 3 },
      ],
    },
    { token: v.tokens.sala },
  );
  expect(ordered.statusCode, ordered.body).toBe(201);
  const lines = (ordered.json() as { cartSessionOrder: CartSessionOrder }).cartSessionOrder.items;
  return { ...table, lineIds: lines.map((line) => line.productOrderId) };
}

async function owed(reservationId: number): Promise<PaymentInfo> {
  const response = await post(
    t,
    'demo',
    '/world/api/reservation/payment-info',
    { reservationId },
    { token: v.tokens.tpv },
  );
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { paymentInfo: PaymentInfo }).paymentInfo;
}

async function auditRows() {
  return (await t.ctx.db.select().from(auditLog).where(eq(auditLog.venueId, v.demo.id))).length;
}

type Account = Awaited<ReturnType<typeof givenAccount>>;
const MONEY_WRITES: readonly [
  name: string,
  method: 'POST' | 'PATCH',
  path: string,
  body: (a: Account) => object,
][] = [
  [
    'payment/create',
    'POST',
    '/world/api/payment/create',
    (a) => ({ reservationId: a.reservationId, method: 'cash', amountCents: 500 }),
  ],
  [
    'paid-reservation',
    'POST',
    '/world/api/reservation/paid-reservation',
    (a) => ({ reservationId: a.reservationId, paymentMethod: 'card' }),
  ],
  [
    'tip/create',
    'POST',
    '/world/api/tip/create',
    (a) => ({ reservationId: a.reservationId, tipInfo: { amountCents: 200, method: 'cash' } }),
  ],
  [
    'voucher-set',
    'POST',
    '/world/api/voucher-set',
    (a) => ({ reservationId: a.reservationId, code: 'REGALO10' }),
  ],
  ['assign-to-reservation', 'POST', PROMOTE, (a) => ({ wid: a.wid, value: 40 })],
  [
    'mark-as-cancelled',
    'POST',
    '/world/api/productorder/mark-as-cancelled',
    (a) => ({ productOrderIds: [a.lineIds[0]] }),
  ],
  [
    'mark-as-rejected',
    'POST',
    '/world/api/productorder/mark-as-rejected',
    (a) => ({ productOrderIds: [a.lineIds[0]] }),
  ],
  [
    'mark-as-loss',
    'POST',
    '/world/api/productorder/mark-as-loss',
    (a) => ({ productOrderIds: [a.lineIds[0]] }),
  ],
  [
    'toggle-menu-included',
    'PATCH',
    '/world/api/productorder/toggle-menu-included',
    (a) => ({ productOrderId: a.lineIds[0] }),
  ],
];

describe('writes that change what a table pays need an Idempotency-Key', () => {
  it.each(MONEY_WRITES)(
    '%s without one: 400 with the reason, and nothing changes',
    async (_, method, path, body) => {
      const account = await givenAccount();
      const before = await owed(account.reservationId);
      const audited = await auditRows();
      const response = await call(t, 'demo', {
        method,
        url: path,
        token: v.tokens.admin,
        payload: body(account),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: KEY_MISSING });
      expect(await owed(account.reservationId)).toEqual(before);
      expect(await auditRows()).toBe(audited);
    },
  );

  it('payment/void and promotions/delete without one: 400, the payment and the promotion stay', async () => {
    const account = await givenAccount();
    const paid = await post(
      t,
      'demo',
      '/world/api/payment/create',
      { reservationId: account.reservationId, method: 'cash', amountCents: 500 },
      { token: v.tokens.tpv },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    const promoted = await post(t, 'demo', PROMOTE, { wid: account.wid, value: 10 }, { token: v.tokens.tpv });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const paymentId = (await owed(account.reservationId)).payments[0]!.id;
    const promotionId = (promoted.json() as { promotion: { id: number } }).promotion.id;
    const before = await owed(account.reservationId);
    const voided = await post(
      t,
      'demo',
      '/world/api/payment/void',
      { reservationId: account.reservationId, paymentId, reason: 'error' },
      { token: v.tokens.tpv, withoutKey: true },
    );
    expect(voided.statusCode, voided.body).toBe(400);
    expect(voided.json()).toMatchObject({ message: KEY_MISSING });
    const unpromoted = await post(
      t,
      'demo',
      '/world/api/reservation-promotions/delete',
      { promotionId },
      { token: v.tokens.tpv, withoutKey: true },
    );
    expect(unpromoted.statusCode, unpromoted.body).toBe(400);
    expect(await owed(account.reservationId)).toEqual(before);
  });
});

describe('a second identical discount on one account', () => {
  it('three quick taps on 40 % give one promotion and two refusals that say why', async () => {
    const account = await givenAccount();
    const taps = await Promise.all(
      [1, 2, 3].map(() => post(t, 'demo', PROMOTE, { wid: account.wid, value: 40 }, { token: v.tokens.tpv })),
    );
    expect(taps.map((tap) => tap.statusCode).sort()).toEqual([200, 409, 409]);
    for (const refused of taps.filter((tap) => tap.statusCode === 409))
      expect(refused.json()).toMatchObject({
        message: 'Esta cuenta ya tiene una promoción de ese porcentaje: no se aplica dos veces.',
      });
    expect(await owed(account.reservationId)).toMatchObject({
      grossCents: 2350,
      discountCents: 940,
      total: 1410,
    });
    const rows = await t.ctx.db
      .select()
      .from(reservationPromotions)
      .where(eq(reservationPromotions.reservationId, account.reservationId));
    expect(rows).toHaveLength(1);
    const inEnglish = await post(
      t,
      'demo',
      PROMOTE,
      { wid: account.wid, value: 40 },
      { token: v.tokens.tpv, headers: { 'x-locale': 'en' } },
    );
    expect(inEnglish.json()).toMatchObject({
      message: 'This account already has a promotion of that percentage: it is not applied twice.',
    });
  });

  it('a retried promotion with its key is replayed, not applied again', async () => {
    const account = await givenAccount();
    const headers = { 'idempotency-key': 'promo-retry-1' };
    const first = await post(
      t,
      'demo',
      PROMOTE,
      { wid: account.wid, value: 15 },
      { token: v.tokens.tpv, headers },
    );
    const retry = await post(
      t,
      'demo',
      PROMOTE,
      { wid: account.wid, value: 15 },
      { token: v.tokens.tpv, headers },
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect((await owed(account.reservationId)).discountCents).toBe(353);
  });
});

describe('the order call needs an Idempotency-Key (item 9)', () => {
  it('a guest order without one is 400 with the reason, and orders nothing', async () => {
    const table = await givenSeatedTable(t, v);
    const orders = async () =>
      (await t.ctx.db.select().from(cartSessionOrders).where(eq(cartSessionOrders.venueId, v.demo.id)))
        .length;
    const before = await orders();
    const response = await post(
      t,
      'demo',
      ORDER,
      {
        uid: table.guestUid,
        orderInfo: { reservationId: table.reservationId, source: 2 },
        products: [{ sku: 'CER-03', options: [], orderQuantity: 1 }],
      },
      { withoutKey: true },
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: KEY_MISSING });
    expect(await orders()).toBe(before);
    const staff = await post(
      t,
      'demo',
      ORDER,
      {
        orderInfo: { reservationId: table.reservationId, source: 1 },
        products: [{ sku: 'CER-03', options: [], orderQuantity: 1 }],
      },
      { token: v.tokens.sala, withoutKey: true },
    );
    expect(staff.statusCode, staff.body).toBe(400);
    expect(await orders()).toBe(before);
  });
});
