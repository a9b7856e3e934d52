import type { CartSessionOrder, GetByRoleResponse, PaymentInfo } from '@sobremesa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, productOrders } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  givenOrderingVenues,
  givenSeatedTable,
  post,
  releaseTables,
  type DemoAccount,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';

/**
 * Issue 17 item 3 (SEC-02, decision 022): taking a dish off what a table pays is a discount. Route by
 * route: who may void, reject or write off a line once it is served or priced into a requested bill.
 */

const BASE = '/world/api/productorder';
const FOOD = 'ENT-02';
const DRINK = 'CER-03';
const REFUSED =
  'Este plato ya está en la cuenta: quitarlo es un descuento y solo puede hacerlo Sala, 1 en Sala, TPV o un administrador.';

let t: TestApp;
let v: OrderingVenues;

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
}, 180_000);
afterAll(() => t.close());
afterEach(() => releaseTables(t, v.demo.id));

/** A seated table with one food and one drink line, both accepted (a waiter's order). */
async function givenLines() {
  const table = await givenSeatedTable(t, v);
  const response = await post(
    t,
    'demo',
    '/world/api/cartsession/createcartsessionorder',
    {
      orderInfo: { reservationId: table.reservationId, source: 1 },
      products: [
        { sku: FOOD, options: [], orderQuantity: 1 },
        { sku: DRINK, options: [], orderQuantity: 1 },
      ],
    },
    { token: v.tokens.sala },
  );
  expect(response.statusCode, response.body).toBe(201);
  const items = (response.json() as { cartSessionOrder: CartSessionOrder }).cartSessionOrder.items;
  const idOf = (sku: string) => items.find((item) => item.productSku === sku)!.productOrderId;
  return { ...table, food: idOf(FOOD), drink: idOf(DRINK) };
}

const act = (path: string, ids: number[], who: DemoAccount) =>
  post(t, 'demo', `${BASE}/${path}`, { productOrderIds: ids }, { token: v.tokens[who] });

async function statusOf(id: number) {
  const [row] = await t.ctx.db.select().from(productOrders).where(eq(productOrders.id, id));
  return row!.status;
}

async function auditOf(id: number) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'product_order'), eq(auditLog.entityId, String(id))));
}

async function owed(reservationId: number) {
  const response = await post(
    t,
    'demo',
    '/world/api/reservation/payment-info',
    { reservationId },
    { token: v.tokens.tpv },
  );
  return (response.json() as { paymentInfo: PaymentInfo }).paymentInfo.total;
}

async function serve(ids: number[]) {
  const served = await act('serve', ids, 'sala');
  expect(served.statusCode, served.body).toBe(200);
}

describe('a served line is taken off the bill only by a role that may discount', () => {
  it('mark-as-loss by Pasante on a served dish: 403 with the reason, the bill keeps it, no audit row', async () => {
    const lines = await givenLines();
    await serve([lines.food]);
    const before = await owed(lines.reservationId);
    const refused = await act('mark-as-loss', [lines.food], 'pasante');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ message: REFUSED });
    expect(await statusOf(lines.food)).toBe(100);
    expect(await owed(lines.reservationId)).toBe(before);
    expect(await auditOf(lines.food)).toHaveLength(0);
  });

  it('mark-as-loss by Cocina on a served dish and by Barra on a served drink: 403', async () => {
    const lines = await givenLines();
    await serve([lines.food, lines.drink]);
    expect((await act('mark-as-loss', [lines.food], 'cocina')).statusCode).toBe(403);
    expect((await act('mark-as-loss', [lines.drink], 'barra')).statusCode).toBe(403);
    expect(await statusOf(lines.food)).toBe(100);
    expect(await statusOf(lines.drink)).toBe(100);
  });

  it('mark-as-loss by Sala on a served dish (sent back): written off, audited, off the bill', async () => {
    const lines = await givenLines();
    await serve([lines.food]);
    const before = await owed(lines.reservationId);
    const done = await act('mark-as-loss', [lines.food], 'sala');
    expect(done.statusCode, done.body).toBe(200);
    expect(await statusOf(lines.food)).toBe(-3);
    expect(await owed(lines.reservationId)).toBe(before - 650);
    expect((await auditOf(lines.food)).map((row) => [row.action, row.actorRole])).toEqual([
      ['product_order.loss', 'Sala'],
    ]);
  });

  it('the kitchen still writes off a dish it spoiled before it reached the table', async () => {
    const lines = await givenLines();
    expect((await act('finishpreparation', [lines.food], 'cocina')).statusCode).toBe(200);
    const done = await act('mark-as-loss', [lines.food], 'pasante');
    expect(done.statusCode, done.body).toBe(200);
    expect(await statusOf(lines.food)).toBe(-3);
  });
});

describe('mark-as-rejected', () => {
  it('by Pasante on an accepted dish: 403, the pass refuses nothing', async () => {
    const lines = await givenLines();
    const refused = await act('mark-as-rejected', [lines.food], 'pasante');
    expect(refused.statusCode).toBe(403);
    expect(await statusOf(lines.food)).toBe(1);
  });

  it('by Cocina before preparation: refused and audited', async () => {
    const lines = await givenLines();
    const done = await act('mark-as-rejected', [lines.food], 'cocina');
    expect(done.statusCode, done.body).toBe(200);
    expect(await statusOf(lines.food)).toBe(-4);
    expect((await auditOf(lines.food)).map((row) => [row.action, row.actorRole])).toEqual([
      ['product_order.reject', 'Cocina'],
    ]);
  });

  it('by Cocina or Barra once the table asked for its bill: 403; Sala still may', async () => {
    const lines = await givenLines();
    const ticket = await post(
      t,
      'demo',
      '/world/api/reservation/request-ticket',
      { reservationWid: lines.wid, paymentMethod: 'card' },
      { token: v.tokens.sala },
    );
    expect(ticket.statusCode, ticket.body).toBe(200);
    const cocina = await act('mark-as-rejected', [lines.food], 'cocina');
    expect(cocina.statusCode).toBe(403);
    expect(cocina.json()).toMatchObject({ message: REFUSED });
    expect((await act('mark-as-rejected', [lines.drink], 'barra')).statusCode).toBe(403);
    expect(await statusOf(lines.food)).toBe(1);
    expect((await act('mark-as-rejected', [lines.food], 'sala')).statusCode).toBe(200);
  });
});

describe('the screens offer only what the role may do (get-by-role allowedActions)', () => {
  it('Pasante sees no write-off on a served dish; Sala does', async () => {
    const lines = await givenLines();
    await serve([lines.food]);
    const actions = async (who: DemoAccount) => {
      const response = await post(t, 'demo', `${BASE}/get-by-role`, {}, { token: v.tokens[who] });
      const day = response.json() as GetByRoleResponse;
      const item = day.groups
        .flatMap((group) => group.items)
        .find((entry) => entry.productOrderId === lines.food);
      return item!.allowedActions;
    };
    expect(await actions('pasante')).not.toContain('markAsLoss');
    expect(await actions('sala')).toContain('markAsLoss');
  });
});
