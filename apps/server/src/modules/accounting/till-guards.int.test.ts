import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cashDrawerTransactions, venues } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { givenOrderingVenues, post, type OrderingVenues } from '../menus/ordering.fixtures.ts';
import { demoDrawer, MOVEMENT, slotsOf, SNAPSHOT, TILL, type Drawer } from './till.fixtures.ts';

/**
 * Decision 077: the till refuses what cannot be. Cash out beyond what the drawer should hold is refused
 * in the caller's language (without the amount on a blind count), and a negative count or amount is
 * refused at its field in the spec's words, never taken as zero.
 */

let t: TestApp;
let v: OrderingVenues;
let drawer: Drawer;

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
  drawer = await demoDrawer(t, v.demo.id);
}, 180_000);
afterAll(() => t.close());

const move = (type: 0 | 1, amount: number, headers: Record<string, string> = {}) =>
  post(
    t,
    'demo',
    MOVEMENT,
    { cashDrawerId: drawer.id, type, amount, reason: 'Pago a proveedor' },
    { token: v.tokens.tpv, headers },
  );
const count = (cashDrawerSlots: object[], extra: object = {}) =>
  post(
    t,
    'demo',
    SNAPSHOT,
    { cashDrawerId: drawer.id, cashDrawerSlots, snapshotType: 1, ...extra },
    { token: v.tokens.tpv },
  );
const expectedCash = async () =>
  (await post(t, 'demo', TILL, {}, { token: v.tokens.tpv })).json().balance.expectedCashCents as number;
const movements = () =>
  t.ctx.db.select().from(cashDrawerTransactions).where(eq(cashDrawerTransactions.venueId, v.demo.id));

describe('negative counts and amounts', () => {
  it('a negative number of pieces or card total is refused at its field, in the caller’s language', async () => {
    const [fifty] = slotsOf(drawer, { 5000: 1 });
    const pieces = await count([{ ...fifty, quantity: -3 }]);
    expect(pieces.statusCode).toBe(400);
    expect(pieces.json().fields).toEqual([
      { path: 'cashDrawerSlots.0.quantity', message: 'Los números negativos no son válidos.' },
    ]);
    const english = await post(
      t,
      'demo',
      SNAPSHOT,
      { cashDrawerId: drawer.id, cashDrawerSlots: [{ ...fifty, quantity: -1 }], snapshotType: 1 },
      { token: v.tokens.tpv, headers: { 'x-locale': 'en' } },
    );
    expect(english.json().fields).toEqual([
      { path: 'cashDrawerSlots.0.quantity', message: 'Negative numbers are not valid.' },
    ]);
    const card = await count(slotsOf(drawer, { 5000: 1 }), { cardReaderId: 1, totalCardAmount: -100 });
    expect(card.statusCode).toBe(400);
    expect(card.json().fields).toContainEqual({
      path: 'totalCardAmount',
      message: 'Los números negativos no son válidos.',
    });
    // Nothing was taken as zero: the till is still closed.
    expect((await post(t, 'demo', TILL, {}, { token: v.tokens.tpv })).json().shift).toBeNull();
  });

  it('a negative or zero cash movement is refused at its amount', async () => {
    expect((await count(slotsOf(drawer, { 5000: 1 }))).statusCode).toBe(201);
    const negative = await move(0, -500);
    expect(negative.statusCode).toBe(400);
    expect(negative.json().fields).toEqual([
      { path: 'amount', message: 'Los números negativos no son válidos.' },
    ]);
    const zero = await move(1, 0, { 'x-locale': 'de' });
    expect(zero.json().fields).toEqual([
      { path: 'amount', message: 'Der Betrag muss größer als null sein.' },
    ]);
    expect(await movements()).toHaveLength(0);
  });
});

describe('cash out of the drawer', () => {
  it('takes out up to what the drawer should hold, and refuses more, saying how much may go', async () => {
    expect(await expectedCash()).toBe(5000);
    const tooMuch = await move(0, 471_110);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      result: 409,
      message: 'Ha ocurrido un error registrando el movimiento de caja',
      detail: 'No hay tanto efectivo en la caja: como mucho puedes retirar 50,00\u00a0€.',
      fields: [
        {
          path: 'amount',
          message: 'No hay tanto efectivo en la caja: como mucho puedes retirar 50,00\u00a0€.',
        },
      ],
    });
    const inEnglish = await move(0, 5001, { 'x-locale': 'en' });
    expect(inEnglish.json().detail).toBe(
      'There is not that much cash in the drawer: you can take out €50.00 at most.',
    );
    expect(await movements()).toHaveLength(0);
    expect(await t.ctx.db.select().from(auditLog).where(like(auditLog.action, 'till.cash_out'))).toHaveLength(
      0,
    );

    // Change brought in makes room; the whole drawer may then go, and not a cent more.
    expect((await move(1, 2000)).statusCode).toBe(201);
    expect((await move(0, 7000)).statusCode).toBe(201);
    expect(await expectedCash()).toBe(0);
    const cent = await move(0, 1);
    expect(cent.statusCode).toBe(409);
    expect(cent.json().detail).toBe(
      'No hay tanto efectivo en la caja: como mucho puedes retirar 0,00\u00a0€.',
    );
    expect(await expectedCash()).toBe(0);
  });

  it('on a blind count the refusal does not tell the expected cash', async () => {
    await t.ctx.db
      .update(venues)
      .set({ settings: { ...(v.demo.settings as object), blindCashCount: true } })
      .where(eq(venues.id, v.demo.id));
    t.ctx.venues.invalidate();
    expect((await move(1, 3000)).statusCode).toBe(201);
    const refused = await move(0, 3001);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'No hay tanto efectivo en la caja: la salida supera lo que debería haber en ella.',
    );
    expect(JSON.stringify(refused.json())).not.toMatch(/30,00|3000|€/);
    expect((await move(0, 3000)).statusCode).toBe(201);
    const rows = await t.ctx.db
      .select()
      .from(cashDrawerTransactions)
      .where(and(eq(cashDrawerTransactions.venueId, v.demo.id), eq(cashDrawerTransactions.type, 0)));
    expect(rows.map((row) => row.amountCents)).toEqual([7000, 3000]);
  });
});
