import { randomUUID } from 'node:crypto';
import type {
  CartSessionOrder,
  GetByRoleResponse,
  KitchenItem,
  MenuProduct,
  OrderLineChanged,
} from '@sobremesa/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  copilotRoles,
  dishClasses,
  notifications,
  productOrders,
  products,
  realtimeEvents,
  reservations,
  serviceEvents,
} from '../../db/schema/index.ts';
import { call, buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  demoMenu,
  givenOrderingVenues,
  givenSeatedTable,
  post,
  releaseTables,
  productsOf,
  type DemoAccount,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';

const BASE = '/world/api/productorder';
const CREATE = '/world/api/cartsession/createcartsessionorder';

let t: TestApp;
let v: OrderingVenues;
let catalogue: MenuProduct[];
let MAIN = '';
const dishClass = new Map<string, number>();

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
  catalogue = productsOf(await demoMenu(t));
  const rows = await t.ctx.db.select().from(dishClasses).where(eq(dishClasses.venueId, v.demo.id));
  for (const row of rows) dishClass.set(row.name, row.id);
  MAIN = plainMain();
  // Seeding the demo venue and signing seven accounts in (argon2id) is slow on a busy CI machine.
}, 180_000);
afterAll(() => t.close());
// Each test seats its own parties; freeing the demo's tables keeps later tests from running out of them.
afterEach(() => releaseTables(t, v.demo.id));

/** A main course ordered as is (no required options), so it is held behind the starters. */
function plainMain(): string {
  const found = catalogue.find(
    (entry) =>
      entry.dishClass === dishClassId('Segundos') &&
      entry.isMenu === 'NO' &&
      entry.isUnitary === 'NO' &&
      entry.productOptions.every((type) => type.minChoices === 0),
  );
  if (!found) throw new Error('no plain main course');
  return found.sku;
}

function dishClassId(name: string): number {
  const id = dishClass.get(name);
  if (id === undefined) throw new Error(`no dish class ${name} in ${[...dishClass.keys()].join(', ')}`);
  return id;
}

/** A staff order from the commander (Sala): lines as sku × quantity, the menú del día with all its courses. */
async function order(reservationId: number, skus: readonly string[], token = v.tokens.sala) {
  const products = skus.map((sku) => {
    const product = catalogue.find((entry) => entry.sku === sku)!;
    const menuChoices =
      product.isMenu === 'SI'
        ? product.menuCourses.map((course) => ({ courseId: course.id, sku: course.items[0]!.sku }))
        : undefined;
    return {
      sku,
      options: [],
      orderQuantity: 1,
      ...(product.isUnitary === 'SI' ? { units: product.servingQtyMin } : {}),
      ...(menuChoices ? { menuChoices } : {}),
    };
  });
  const response = await post(
    t,
    'demo',
    CREATE,
    { orderInfo: { reservationId, source: 1 }, products },
    { token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { cartSessionOrder: CartSessionOrder }).cartSessionOrder;
}

function lineOf(placed: CartSessionOrder, sku: string): number {
  const found = placed.items.find((item) => item.productSku === sku);
  if (!found) throw new Error(`no line ${sku}`);
  return found.productOrderId;
}

function act(path: string, body: Record<string, unknown>, who: DemoAccount = 'cocina', subdomain = 'demo') {
  return post(t, subdomain, `${BASE}/${path}`, body, { token: v.tokens[who] });
}

async function line(id: number) {
  const [row] = await t.ctx.db.select().from(productOrders).where(eq(productOrders.id, id));
  return row!;
}

async function lastLineEvent(): Promise<OrderLineChanged> {
  const [row] = await t.ctx.db
    .select()
    .from(realtimeEvents)
    .where(and(eq(realtimeEvents.venueId, v.demo.id), eq(realtimeEvents.topic, 'order.line.changed')))
    .orderBy(desc(realtimeEvents.seq))
    .limit(1);
  return row!.payload as OrderLineChanged;
}

async function roleId(name: string): Promise<number> {
  const [row] = await t.ctx.db
    .select()
    .from(copilotRoles)
    .where(and(eq(copilotRoles.venueId, v.demo.id), eq(copilotRoles.name, name)));
  return row!.id;
}

describe('the kitchen flow: a table orders, the kitchen cooks, the pass holds, Sala serves', () => {
  it('holds later courses, cooks the first, pours drinks at the bar and serves from the hot table', async () => {
    const table = await givenSeatedTable(t, v);
    const placed = await order(table.reservationId, ['ENT-02', MAIN, 'POS-01', 'BEB-02']);
    const starter = lineOf(placed, 'ENT-02');
    const main = lineOf(placed, MAIN);
    const dessert = lineOf(placed, 'POS-01');
    const drink = lineOf(placed, 'BEB-02');
    expect((await line(starter)).held).toBe(false);
    expect((await line(main)).held).toBe(true);
    expect((await line(dessert)).held).toBe(true);
    expect((await line(drink)).held).toBe(false);

    // The kitchen loads its screen: the order with every line and what Cocina may do with each.
    const board = await act('get-by-role', {});
    expect(board.statusCode, board.body).toBe(200);
    const loaded = board.json() as GetByRoleResponse;
    expect(loaded.role.copilotView.name).toBe('Cocina');
    expect(loaded.courseFiring).toBe(true);
    const group = loaded.groups.find((candidate) => candidate.cartSessionOrderId === placed.id)!;
    expect(group.cartSessionStatus).toBe(2);
    const byId = new Map(group.items.map((item) => [item.productOrderId, item]));
    expect(byId.get(starter)!.allowedActions).toContain('startPreparation');
    expect(byId.get(main)!.allowedActions).not.toContain('startPreparation');
    expect(byId.get(drink)!.allowedActions).toEqual([]);
    expect(byId.get(starter)!.reservationInfo.id).toBe(table.reservationId);
    expect(byId.get(starter)!.elaborationStations.length).toBeGreaterThan(0);
    expect(
      loaded.serviceEvents.some((event) => event.items.some((item) => item.productOrderId === starter)),
    ).toBe(true);

    const started = await act('startpreparation', { productOrderIds: [starter] });
    expect(started.statusCode, started.body).toBe(200);
    const [item] = (started.json() as { items: KitchenItem[] }).items;
    expect(item!.statusProductOrder).toBe(2);
    expect(item!.datePreparing).not.toBeNull();
    expect((await lastLineEvent()).lines.map((changed) => changed.statusProductOrder)).toEqual([2]);

    const heldStart = await act('startpreparation', { productOrderIds: [main] });
    expect(heldStart.statusCode).toBe(409);
    expect(heldStart.json()).toMatchObject({ productOrderIds: [main], reason: 'held' });

    const poured = await act('finishpreparation', { productOrderIds: [drink] }, 'barra');
    expect(poured.statusCode, poured.body).toBe(200);
    const drinkReady = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.venueId, v.demo.id), eq(notifications.type, 'order_ready_drinks')));
    expect(drinkReady.some((row) => row.reservationId === table.reservationId)).toBe(true);

    expect((await act('finishpreparation', { productOrderIds: [starter] })).statusCode).toBe(200);
    expect((await lastLineEvent()).becameReady).toEqual([starter]);
    expect((await act('addtohottable', { productOrderIds: [starter] }, 'pasante')).statusCode).toBe(200);
    expect((await line(starter)).status).toBe(7);
    // Taken back off the pass (the plate went back to the kitchen), it is ready again, not on the pass.
    const removed = await act('removetohottable', { productOrderIds: [starter] }, 'pasante');
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await line(starter)).status).toBe(3);
    expect((await lastLineEvent()).lines.map((changed) => changed.statusProductOrder)).toEqual([3]);
    // Only from the pass: a second removal is refused, and Sala may not do it at all.
    expect((await act('removetohottable', { productOrderIds: [starter] }, 'pasante')).statusCode).toBe(409);
    expect((await act('addtohottable', { productOrderIds: [starter] }, 'pasante')).statusCode).toBe(200);
    expect((await act('removetohottable', { productOrderIds: [starter] }, 'sala')).statusCode).toBe(403);
    expect((await line(starter)).status).toBe(7);
    const served = await act('serve', { productOrderIds: [starter, drink] }, 'sala');
    expect(served.statusCode, served.body).toBe(200);
    expect((await line(starter)).status).toBe(100);
    expect((await line(starter)).dateServed).not.toBeNull();

    // Sala fires the mains; the dessert still waits.
    const fired = await act('dispatch-fireable', { reservationId: table.reservationId }, 'sala');
    expect(fired.statusCode, fired.body).toBe(200);
    expect(fired.json()).toMatchObject({ dishClassId: dishClassId('Segundos') });
    expect((await line(main)).held).toBe(false);
    expect((await line(dessert)).held).toBe(true);
    const again = await act(
      'dispatch-fireable',
      { reservationId: table.reservationId, dishClassId: dishClassId('Segundos') },
      'sala',
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT' });
    const [event] = await t.ctx.db
      .select()
      .from(serviceEvents)
      .where(eq(serviceEvents.id, (await line(main)).serviceEventId!));
    expect(event!.dishClassId).toBe(dishClassId('Segundos'));
    expect((await act('startpreparation', { productOrderIds: [main] })).statusCode).toBe(200);
  });

  it('marks the order ready (3) once nothing is left for the kitchen, and back to 2 on an undo', async () => {
    const table = await givenSeatedTable(t, v);
    const placed = await order(table.reservationId, ['ENT-02', 'BEB-02']);
    const starter = lineOf(placed, 'ENT-02');
    const drink = lineOf(placed, 'BEB-02');
    await act('finishpreparation', { productOrderIds: [drink] }, 'barra');
    await act('finishpreparation', { productOrderIds: [starter] });
    expect((await lastLineEvent()).cartSessionOrders).toEqual([{ id: placed.id, cartSessionStatus: 3 }]);
    // Bump undo: the ticket goes back on the board with its first preparing time kept.
    const undo = await act('startpreparation', { productOrderIds: [starter] });
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await lastLineEvent()).cartSessionOrders).toEqual([{ id: placed.id, cartSessionStatus: 2 }]);
  });
});

describe('roles (SEC-02)', () => {
  it('refuses a role acting outside its lines or actions', async () => {
    const table = await givenSeatedTable(t, v);
    const placed = await order(table.reservationId, ['ENT-02', 'BEB-02']);
    const starter = lineOf(placed, 'ENT-02');
    const drink = lineOf(placed, 'BEB-02');
    for (const [who, path, id] of [
      ['cocina', 'startpreparation', drink],
      ['barra', 'startpreparation', starter],
      ['cocina', 'mark-as-cancelled', starter],
      ['tpv', 'startpreparation', starter],
      ['sala', 'addtohottable', starter],
      ['cocina', 'mark-as-paid', starter],
    ] as const) {
      const response = await act(path, { productOrderIds: [id] }, who);
      expect(response.statusCode, `${who} ${path}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    const patch = await call(t, 'demo', {
      method: 'PATCH',
      url: `${BASE}/toggle-menu-included`,
      token: v.tokens.cocina,
      payload: { productOrderId: starter },
    });
    expect(patch.statusCode).toBe(403);
    expect((await line(starter)).status).toBe(1);
  });

  it('refuses a role the user does not hold, and lets the admin act in a role they choose', async () => {
    const table = await givenSeatedTable(t, v);
    const placed = await order(table.reservationId, ['ENT-02']);
    const starter = lineOf(placed, 'ENT-02');
    const notMine = await act('startpreparation', {
      productOrderIds: [starter],
      roleId: await roleId('Barra'),
    });
    expect(notMine.statusCode).toBe(403);
    const asCocina = await act(
      'startpreparation',
      { productOrderIds: [starter], roleId: await roleId('Cocina') },
      'admin',
    );
    expect(asCocina.statusCode, asCocina.body).toBe(200);
  });

  it('needs a copilot session', async () => {
    const response = await post(t, 'demo', `${BASE}/startpreparation`, { productOrderIds: [1] });
    expect(response.statusCode).toBe(401);
  });
});

describe('venue scoping, bad input and finished accounts', () => {
  it("answers 404 for another venue's lines and accounts", async () => {
    const table = await givenSeatedTable(t, v);
    const placed = await order(table.reservationId, ['ENT-02']);
    const starter = lineOf(placed, 'ENT-02');
    const token = v.other.tokens.staff;
    for (const [path, body] of [
      ['mark-as-cancelled', { productOrderIds: [starter] }],
      ['mark-as-paid', { productOrderIds: [starter] }],
      ['dispatch-fireable', { reservationId: table.reservationId }],
      ['update-dish-class', { productOrderId: starter, dishClassId: dishClassId('Segundos') }],
      ['complete-menu', { productOrderId: starter, menuChoices: [{ courseId: 1, sku: 'MDD-01' }] }],
      ['modify-reservation', { productOrderIds: [starter], newReservation: { name: 'X', pax: 1 } }],
    ] as const) {
      const response = await post(t, 'otra', `${BASE}/${path}`, body, { token });
      expect(response.statusCode, `${path} ${response.body}`).toBe(404);
    }
    const moveToOther = await act(
      'modify-reservation',
      { productOrderIds: [starter], targetReservationId: 999999 },
      'sala',
    );
    expect(moveToOther.statusCode).toBe(404);
    expect((await line(starter)).status).toBe(1);
  });

  it.each([
    ['startpreparation', {}],
    ['startpreparation', { productOrderIds: [] }],
    ['startpreparation', { productOrderIds: [1, 1] }],
    ['startpreparation', { productOrderIds: ['x'] }],
    ['mark-as-loss', { productOrderIds: [1], reason: 'x'.repeat(201) }],
    ['modify-reservation', { productOrderIds: [1] }],
    [
      'modify-reservation',
      { productOrderIds: [1], targetReservationId: 2, newReservation: { name: 'A', pax: 2 } },
    ],
    ['dispatch-fireable', { reservationId: 1, dishClassId: -1 }],
    ['update-dish-class', { productOrderId: 1 }],
    ['complete-menu', { productOrderId: 1, menuChoices: [] }],
    ['get-by-role', { date: '20-11-2026' }],
  ])('answers 400 with a translated message to %s %j', async (path, body) => {
    const response = await post(t, 'demo', `${BASE}/${path}`, body, {
      token: v.tokens.sala,
      headers: { 'x-locale': 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Some of the data is not valid.',
    });
  });

  it('refuses changes to the lines of a finished account', async () => {
    const table = await givenSeatedTable(t, v);
    const placed = await order(table.reservationId, ['ENT-02', MAIN]);
    await t.ctx.db
      .update(reservations)
      .set({ status: -1, finishedAt: t.clock.now() })
      .where(eq(reservations.id, table.reservationId));
    const response = await act('startpreparation', { productOrderIds: [lineOf(placed, 'ENT-02')] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message: 'La reserva ha finalizado' });
    const fire = await act('dispatch-fireable', { reservationId: table.reservationId }, 'sala');
    expect(fire.statusCode).toBe(409);
  });
});

describe('voids, losses and the audit log (SEC-11)', () => {
  it('writes who voided what, in which role and why', async () => {
    const table = await givenSeatedTable(t, v);
    const placed = await order(table.reservationId, ['ENT-02', 'BEB-02']);
    const starter = lineOf(placed, 'ENT-02');
    const drink = lineOf(placed, 'BEB-02');
    await act('startpreparation', { productOrderIds: [starter] });
    const loss = await act('mark-as-loss', { productOrderIds: [starter], reason: 'Se ha caído al suelo' });
    expect(loss.statusCode, loss.body).toBe(200);
    const cancel = await act('mark-as-cancelled', { productOrderIds: [drink] }, 'sala');
    expect(cancel.statusCode).toBe(200);
    const rejectServed = await act('mark-as-rejected', { productOrderIds: [drink] }, 'sala');
    expect(rejectServed.statusCode).toBe(409);
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.venueId, v.demo.id), inArray(auditLog.entityId, [String(starter), String(drink)])),
      );
    expect(rows.map((row) => [row.action, row.entityId, row.actorRole])).toEqual([
      ['product_order.loss', String(starter), 'Cocina'],
      ['product_order.cancel', String(drink), 'Sala'],
    ]);
    expect(rows[0]!.before).toMatchObject({ status: 2 });
    expect(rows[0]!.after).toMatchObject({ status: -3, reason: 'Se ha caído al suelo' });
  });

  it('voids a menú del día with its courses', async () => {
    const table = await givenSeatedTable(t, v);
    const placed = await order(table.reservationId, ['MDD-00']);
    const menu = placed.items.find((item) => item.parentId === null)!.productOrderId;
    const response = await act('mark-as-rejected', { productOrderIds: [menu] }, 'sala');
    expect(response.statusCode, response.body).toBe(200);
    const lines = await t.ctx.db
      .select()
      .from(productOrders)
      .where(eq(productOrders.cartSessionOrderId, placed.id));
    expect(lines.map((row) => row.status)).toEqual(lines.map(() => -4));
  });
});

describe('two tablets at once', () => {
  it('starts a line once: the second tap is told the line moved on', async () => {
    const table = await givenSeatedTable(t, v);
    const placed = await order(table.reservationId, ['ENT-02']);
    const starter = lineOf(placed, 'ENT-02');
    const responses = await Promise.all([
      act('startpreparation', { productOrderIds: [starter] }),
      act('startpreparation', { productOrderIds: [starter] }, 'pasante'),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect((await line(starter)).status).toBe(2);
  });

  it("replays a step sent again with its Idempotency-Key (a tablet's offline queue), and still refuses a new tap", async () => {
    const table = await givenSeatedTable(t, v);
    const placed = await order(table.reservationId, ['ENT-02']);
    const starter = lineOf(placed, 'ENT-02');
    const key = randomUUID();
    const start = (headers: Record<string, string>) =>
      post(
        t,
        'demo',
        `${BASE}/startpreparation`,
        { productOrderIds: [starter] },
        { token: v.tokens.cocina, headers },
      );
    const first = await start({ 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(200);
    const events = await t.ctx.db.select().from(realtimeEvents);
    // The reply was lost on the way back: the queue sends the same call with the same key.
    const again = await start({ 'idempotency-key': key });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await line(starter)).status).toBe(2);
    expect(await t.ctx.db.select().from(realtimeEvents)).toHaveLength(events.length);
    // The same key on another call is refused, not run and not replayed.
    const other = await post(
      t,
      'demo',
      `${BASE}/finishpreparation`,
      { productOrderIds: [starter] },
      { token: v.tokens.cocina, headers: { 'idempotency-key': key } },
    );
    expect(other.statusCode, other.body).toBe(422);
    expect((await line(starter)).status).toBe(2);
    // A new tap (another key) on a line that moved on is refused by the transition table, as before.
    const late = await start({ 'idempotency-key': randomUUID() });
    expect(late.statusCode, late.body).toBe(409);
  });

  it('voids a line once (one audit row) while another tablet serves it', async () => {
    const table = await givenSeatedTable(t, v);
    const placed = await order(table.reservationId, ['ENT-02']);
    const starter = lineOf(placed, 'ENT-02');
    await act('finishpreparation', { productOrderIds: [starter] });
    const responses = await Promise.all([
      act('mark-as-cancelled', { productOrderIds: [starter] }, 'sala'),
      act('mark-as-cancelled', { productOrderIds: [starter] }, 'sala1'),
      act('serve', { productOrderIds: [starter] }, 'pasante'),
    ]);
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(2);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(starter)));
    expect(audits.length).toBe((await line(starter)).status === -1 ? 1 : 0);
  });

  it('moves a line to one account only when two tablets move it to different accounts', async () => {
    const table = await givenSeatedTable(t, v);
    const first = await givenSeatedTable(t, v);
    const second = await givenSeatedTable(t, v);
    const placed = await order(table.reservationId, ['ENT-02', 'BEB-02']);
    const starter = lineOf(placed, 'ENT-02');
    const responses = await Promise.all([
      act(
        'modify-reservation',
        {
          productOrderIds: [starter],
          fromReservationId: table.reservationId,
          targetReservationId: first.reservationId,
        },
        'sala',
      ),
      act(
        'modify-reservation',
        {
          productOrderIds: [starter],
          fromReservationId: table.reservationId,
          targetReservationId: second.reservationId,
        },
        'sala1',
      ),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const moved = await line(starter);
    expect([first.reservationId, second.reservationId]).toContain(moved.reservationId);
    const copies = await t.ctx.db
      .select()
      .from(productOrders)
      .where(
        and(
          eq(productOrders.productSku, 'ENT-02'),
          inArray(productOrders.reservationId, [
            table.reservationId,
            first.reservationId,
            second.reservationId,
          ]),
        ),
      );
    expect(copies).toHaveLength(1);
  });
});

describe('two tablets moving lines both ways between two accounts', () => {
  it('moves both without a deadlock', async () => {
    const left = await givenSeatedTable(t, v);
    const right = await givenSeatedTable(t, v);
    const fromLeft = lineOf(await order(left.reservationId, ['ENT-02']), 'ENT-02');
    const fromRight = lineOf(await order(right.reservationId, ['ENT-03']), 'ENT-03');
    const responses = await Promise.all([
      act(
        'modify-reservation',
        { productOrderIds: [fromLeft], targetReservationId: right.reservationId },
        'sala',
      ),
      act(
        'modify-reservation',
        { productOrderIds: [fromRight], targetReservationId: left.reservationId },
        'sala1',
      ),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    expect((await line(fromLeft)).reservationId).toBe(right.reservationId);
    expect((await line(fromRight)).reservationId).toBe(left.reservationId);
  });
});

describe('accounts: move, pay, menu included, complete a menu, change course', () => {
  it('moves lines to a new account (split bill) and announces both accounts', async () => {
    const table = await givenSeatedTable(t, v);
    const placed = await order(table.reservationId, ['ENT-02', 'BEB-02']);
    const drink = lineOf(placed, 'BEB-02');
    const response = await act(
      'modify-reservation',
      { productOrderIds: [drink], newReservation: { name: 'Cuenta aparte', pax: 1 } },
      'sala',
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { reservationId: number; items: KitchenItem[] };
    expect(body.reservationId).not.toBe(table.reservationId);
    expect(body.items[0]!.reservationInfo.name).toBe('Cuenta aparte');
    expect((await line(drink)).reservationId).toBe(body.reservationId);
    expect((await lastLineEvent()).reservationIds.sort()).toEqual(
      [table.reservationId, body.reservationId].sort(),
    );
  });

  it('marks lines paid once and toggles menu-included with an audit row', async () => {
    const table = await givenSeatedTable(t, v);
    const placed = await order(table.reservationId, ['ENT-02']);
    const starter = lineOf(placed, 'ENT-02');
    expect((await act('mark-as-paid', { productOrderIds: [starter] }, 'tpv')).statusCode).toBe(200);
    expect((await line(starter)).paidAt).not.toBeNull();
    expect((await act('mark-as-paid', { productOrderIds: [starter] }, 'tpv')).statusCode).toBe(409);
    const other = lineOf(await order(table.reservationId, ['ENT-03']), 'ENT-03');
    const toggle = () =>
      call(t, 'demo', {
        method: 'PATCH',
        url: `${BASE}/toggle-menu-included`,
        token: v.tokens.sala,
        payload: { productOrderId: other },
        headers: { 'idempotency-key': randomUUID() },
      });
    const first = await toggle();
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as { items: KitchenItem[] }).items[0]!.menuIncluded).toBe(true);
    expect((await line(other)).menuIncluded).toBe(true);
    await toggle();
    expect((await line(other)).menuIncluded).toBe(false);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(other)));
    expect(audits.map((row) => row.action)).toEqual([
      'product_order.toggle_menu_included',
      'product_order.toggle_menu_included',
    ]);
  });

  it('toggles menu-included into what the table pays: free inside the menu, its own price outside', async () => {
    const table = await givenSeatedTable(t, v);
    const placed = await order(table.reservationId, ['ENT-03', 'MDD-00']);
    const starter = lineOf(placed, 'ENT-03');
    const menu = placed.items.find((item) => item.productSku === 'MDD-00')!.productOrderId;
    const course = placed.items.find((item) => item.parentId === menu)!;
    const [dish] = await t.ctx.db
      .select({ priceCents: products.priceCents })
      .from(products)
      .where(and(eq(products.venueId, v.demo.id), eq(products.sku, course.productSku)));
    if (!dish) throw new Error(`no product ${course.productSku}`);
    const dishPrice = dish.priceCents;
    const starterPrice = (await line(starter)).priceCents;
    const owed = async () => {
      const response = await post(
        t,
        'demo',
        '/world/api/reservation/payment-info',
        { reservationId: table.reservationId },
        { token: v.tokens.tpv },
      );
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { paymentInfo: { total: number } }).paymentInfo.total;
    };
    const toggle = (productOrderId: number) =>
      call(t, 'demo', {
        method: 'PATCH',
        url: `${BASE}/toggle-menu-included`,
        token: v.tokens.sala,
        payload: { productOrderId },
        headers: { 'idempotency-key': randomUUID() },
      });
    const before = await owed();

    // The starter taken as part of the menu: it no longer costs anything, and toggling back charges it again.
    const included = await toggle(starter);
    expect(included.statusCode, included.body).toBe(200);
    expect((included.json() as { items: KitchenItem[] }).items[0]).toMatchObject({ menuIncluded: true });
    expect(await owed()).toBe(before - starterPrice);
    expect((await toggle(starter)).statusCode).toBe(200);
    expect(await line(starter)).toMatchObject({ menuIncluded: false, priceCents: starterPrice });
    expect(await owed()).toBe(before);

    // A course taken out of the menu costs its dish's own price; back in, its supplement again.
    expect((await toggle(course.productOrderId)).statusCode).toBe(200);
    expect(await line(course.productOrderId)).toMatchObject({
      menuIncluded: false,
      priceCents: dishPrice,
    });
    expect(await owed()).toBe(before - course.unitPriceCents + dishPrice);
    expect((await toggle(course.productOrderId)).statusCode).toBe(200);
    expect(await owed()).toBe(before);

    // The menú del día itself is not a dish a menu covers.
    const refused = await toggle(menu);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', reason: 'is_a_menu' });
    expect(await owed()).toBe(before);
  });

  it('completes a menú del día whose main was cancelled, and answers -1 when it cannot', async () => {
    const table = await givenSeatedTable(t, v);
    const placed = await order(table.reservationId, ['MDD-00']);
    const menu = placed.items.find((item) => item.parentId === null)!.productOrderId;
    const mdd = catalogue.find((entry) => entry.sku === 'MDD-00')!;
    const mainCourse = mdd.menuCourses.find((course) => course.items.some((item) => item.sku === 'MDD-04'))!;
    const main = placed.items.find((item) => item.productSku === mainCourse.items[0]!.sku)!.productOrderId;
    expect((await act('mark-as-cancelled', { productOrderIds: [main] }, 'sala')).statusCode).toBe(200);
    const completed = await act(
      'complete-menu',
      { productOrderId: menu, menuChoices: [{ courseId: mainCourse.id, sku: 'MDD-04' }] },
      'sala',
    );
    expect(completed.statusCode, completed.body).toBe(200);
    const added = (completed.json() as { items: KitchenItem[] }).items;
    expect(added.map((item) => [item.productSku, item.parentId, item.menuIncluded])).toEqual([
      ['MDD-04', menu, true],
    ]);
    const full = await post(
      t,
      'demo',
      `${BASE}/complete-menu`,
      { productOrderId: menu, menuChoices: [{ courseId: mainCourse.id, sku: 'MDD-03' }] },
      { token: v.tokens.sala, headers: { 'x-locale': 'es' } },
    );
    expect(full.statusCode).toBe(200);
    expect(full.json()).toEqual({
      result: -1,
      code: 'MENU_NOT_COMPLETED',
      message: 'No se ha podido completar el menu',
    });
    const notAMenu = await act(
      'complete-menu',
      { productOrderId: main, menuChoices: [{ courseId: mainCourse.id, sku: 'MDD-03' }] },
      'sala',
    );
    expect(notAMenu.json()).toMatchObject({ result: -1 });
  });

  it('moves a line to a later course, holding it, and back to the course going now', async () => {
    const table = await givenSeatedTable(t, v);
    const placed = await order(table.reservationId, ['ENT-02', 'ENT-03', MAIN]);
    const starter = lineOf(placed, 'ENT-03');
    const toMains = await act(
      'update-dish-class',
      { productOrderId: starter, dishClassId: dishClassId('Segundos') },
      'sala',
    );
    expect(toMains.statusCode, toMains.body).toBe(200);
    expect((await line(starter)).held).toBe(true);
    const back = await act(
      'update-dish-class',
      { productOrderId: starter, dishClassId: dishClassId('Primeros') },
      'sala',
    );
    expect(back.statusCode).toBe(200);
    expect((await line(starter)).held).toBe(false);
    await act('startpreparation', { productOrderIds: [starter] });
    const late = await act(
      'update-dish-class',
      { productOrderId: starter, dishClassId: dishClassId('Segundos') },
      'sala',
    );
    expect(late.statusCode).toBe(409);
  });
});
