import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, venues } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { givenOrderingVenues, post, type OrderingVenues } from '../menus/ordering.fixtures.ts';
import { countDrawer, demoDrawer, givenAccount, MOVEMENT, PAY, TILL, type Drawer } from './till.fixtures.ts';

/**
 * Decision 079: voiding a cash payment (or correcting it to card) gives its cash back out of the drawer, so
 * like a withdrawal (decision 077) it cannot give back more than the drawer should hold: the expected cash
 * never goes below zero. Refused in the caller's language, without the drawer's figure on a blind count,
 * and race-safe against withdrawals and other voids (on PostgreSQL the requests truly run at once).
 */

const VOID = '/world/api/payment/void';
const UPDATE_METHOD = '/world/api/payment/update-method';

let t: TestApp;
let v: OrderingVenues;
let drawer: Drawer;

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
  drawer = await demoDrawer(t, v.demo.id);
  // The day opens with an empty drawer.
  await countDrawer(t, v, drawer, 'open', { 5000: 0 });
}, 180_000);
afterAll(() => t.close());

const move = (type: 0 | 1, amount: number) =>
  post(
    t,
    'demo',
    MOVEMENT,
    { cashDrawerId: drawer.id, type, amount, reason: 'Caja fuerte' },
    { token: v.tokens.tpv },
  );
const expectedCash = async () => {
  const status = await post(t, 'demo', TILL, {}, { token: v.tokens.tpv });
  return (status.json() as { balance: { expectedCashCents: number } }).balance.expectedCashCents;
};
/** A 23,50 account paid in full in `method` (cash handed over with a 50 € note), and the payment's id. */
async function paidAccount(method: 'cash' | 'card', extra: Record<string, number> = {}) {
  const { reservationId } = await givenAccount(t, v);
  const paid = await post(
    t,
    'demo',
    PAY,
    {
      reservationId,
      method,
      amountCents: 2350,
      ...(method === 'cash' ? { tenderedCents: 5000 } : {}),
      ...extra,
    },
    { token: v.tokens.tpv },
  );
  expect(paid.statusCode, paid.body).toBe(201);
  return { reservationId, paymentId: (paid.json() as { payment: { id: number } }).payment.id };
}
const voidIt = (
  account: { reservationId: number; paymentId: number },
  headers: Record<string, string> = {},
) =>
  post(
    t,
    'demo',
    VOID,
    { ...account, reason: 'Cobrado a la mesa equivocada' },
    { token: v.tokens.tpv, headers },
  );
const voidedAt = async (paymentId: number) =>
  (await t.ctx.db.select().from(payments).where(eq(payments.id, paymentId)))[0]?.voidedAt ?? null;

describe('a cash payment voided after the cash left the drawer', () => {
  it('is refused while the drawer does not hold it, saying how much it holds; voided once the cash is back', async () => {
    const cash = await paidAccount('cash');
    expect(await expectedCash()).toBe(2350);
    // The money goes to the safe: allowed, the drawer holds it.
    expect((await move(0, 2350)).statusCode).toBe(201);
    expect(await expectedCash()).toBe(0);

    const refused = await voidIt(cash);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      result: 409,
      message:
        'No hay tanto efectivo en la caja para devolver este pago: devolvería 23,50\u00a0€ y en la caja hay 0,00\u00a0€. Registra antes una entrada de efectivo.',
    });
    const english = await voidIt(cash, { 'x-locale': 'en' });
    expect(english.json().message).toBe(
      'There is not enough cash in the drawer to give this payment back: it would return €23.50 and the drawer holds €0.00. Record a cash in first.',
    );
    expect(await voidedAt(cash.paymentId)).toBeNull();
    expect(await expectedCash()).toBe(0);

    // Part of it brought back is not enough; all of it is.
    expect((await move(1, 2000)).statusCode).toBe(201);
    expect((await voidIt(cash)).json().message).toMatch(/devolvería 23,50\s€ y en la caja hay 20,00\s€/);
    expect((await move(1, 350)).statusCode).toBe(201);
    const voided = await voidIt(cash);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await voidedAt(cash.paymentId)).not.toBeNull();
    expect(await expectedCash()).toBe(0);
  });

  it('counts the cash tip given with the payment, which goes back with it', async () => {
    const cash = await paidAccount('cash', { tipCents: 500 });
    expect(await expectedCash()).toBe(2850);
    expect((await move(0, 1000)).statusCode).toBe(201);
    const refused = await voidIt(cash);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/devolvería 28,50\s€ y en la caja hay 18,50\s€/);
    expect((await move(1, 1000)).statusCode).toBe(201);
    expect((await voidIt(cash)).statusCode).toBe(200);
    expect(await expectedCash()).toBe(0);
  });

  it('a card payment is voided whatever the drawer holds', async () => {
    expect(await expectedCash()).toBe(0);
    const card = await paidAccount('card');
    expect((await voidIt(card)).statusCode).toBe(200);
  });

  it('a cash payment corrected to card is refused the same way: the cash would leave the drawer', async () => {
    const cash = await paidAccount('cash');
    expect((await move(0, 2350)).statusCode).toBe(201);
    const toCard = () =>
      post(
        t,
        'demo',
        UPDATE_METHOD,
        { reservationId: cash.reservationId, paymentId: cash.paymentId, paymentMethod: 'card' },
        { token: v.tokens.tpv },
      );
    const refused = await toCard();
    expect(refused.statusCode, refused.body).toBe(409);
    // What stands in the way, not the call's general "No se ha podido marcar el método de pago".
    expect(refused.json().message).toBe(
      'No hay tanto efectivo en la caja para devolver este pago: devolvería 23,50\u00a0€ y en la caja hay 0,00\u00a0€. Registra antes una entrada de efectivo.',
    );
    expect(await expectedCash()).toBe(0);
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.id, cash.paymentId));
    expect(row?.method).toBe('cash');
    expect((await move(1, 2350)).statusCode).toBe(201);
    expect((await toCard()).statusCode).toBe(200);
    expect(await expectedCash()).toBe(0);
  });
});

describe('voids racing withdrawals and each other', () => {
  it('a void and a withdrawal of the same cash at once: one goes, the drawer never below zero', async () => {
    const cash = await paidAccount('cash');
    expect(await expectedCash()).toBe(2350);
    const [voided, withdrawn] = await Promise.all([voidIt(cash), move(0, 2350)]);
    // Exactly one of them went; the other was refused.
    expect(voided.statusCode === 200).toBe(withdrawn.statusCode === 409);
    expect([200, 409]).toContain(voided.statusCode);
    expect(await expectedCash()).toBe(0);
    if (withdrawn.statusCode === 201) {
      expect((await move(1, 2350)).statusCode).toBe(201);
      expect((await voidIt(cash)).statusCode).toBe(200);
    }
    expect(await expectedCash()).toBe(0);
  });

  it('two voids at once from a drawer that holds only one of them: one goes, one is refused', async () => {
    const first = await paidAccount('cash');
    const second = await paidAccount('cash');
    expect((await move(0, 1700)).statusCode).toBe(201);
    expect(await expectedCash()).toBe(3000);
    const replies = await Promise.all([voidIt(first), voidIt(second)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    expect(replies.find((reply) => reply.statusCode === 409)!.json().message).toMatch(
      /devolvería 23,50\s€ y en la caja hay 6,50\s€/,
    );
    expect(await expectedCash()).toBe(650);
  });
});

describe('on a blind count', () => {
  it('the refusal does not tell what the drawer holds', async () => {
    await t.ctx.db
      .update(venues)
      .set({ settings: { ...(v.demo.settings as object), blindCashCount: true } })
      .where(eq(venues.id, v.demo.id));
    t.ctx.venues.invalidate();
    const cash = await paidAccount('cash');
    expect((await move(0, 3000)).statusCode).toBe(201);
    const refused = await voidIt(cash);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'No hay tanto efectivo en la caja para devolver este pago: devolvería 23,50\u00a0€, más de lo que debería haber en ella. Registra antes una entrada de efectivo.',
    );
    // 6,50 + 23,50 − 30,00: the drawer's figure (0,00) is nowhere in the reply.
    expect(JSON.stringify(refused.json())).not.toMatch(/0,00|expected/i);
    expect(await voidedAt(cash.paymentId)).toBeNull();
  });
});
