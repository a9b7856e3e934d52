import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cardReaders, payments, users, venues } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  givenOrderingVenues,
  post,
  releaseDemoTables,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';
import {
  demoDrawer,
  givenAccount,
  MOVEMENT,
  PAY,
  REOPEN,
  slotsOf,
  SNAPSHOT,
  TILL,
  type Drawer,
} from './till.fixtures.ts';

/**
 * Issue 24 item 2: a day of the till. Float, cash and card payments with change and tips, cash out and in,
 * a between-shifts count with a difference, a closed till refusing payments, a blind day-end count, an
 * audited reopening.
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

const count = (snapshotType: 1 | 2 | 3, pieces: Record<number, number>, extra: object = {}) =>
  post(
    t,
    'demo',
    SNAPSHOT,
    { cashDrawerId: drawer.id, cashDrawerSlots: slotsOf(drawer, pieces), snapshotType, ...extra },
    { token: v.tokens.tpv },
  );
const pay = (body: object, token = v.tokens.tpv) => post(t, 'demo', PAY, body, { token });
const auditActions = async () =>
  (await t.ctx.db.select().from(auditLog).where(eq(auditLog.venueId, v.demo.id)))
    .filter((row) => row.action.startsWith('till.'))
    .map((row) => `${row.action} ${row.actorRole}`);

describe('a day of the till', () => {
  let firstShift = 0;
  let cashPaymentId = 0;
  let tableA = 0;

  it('a venue that never opened its till takes payments as before, outside any shift', async () => {
    const a = await givenAccount(t, v);
    const paid = await pay({ reservationId: a.reservationId, method: 'card', amountCents: 100 });
    expect(paid.statusCode, paid.body).toBe(201);
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.reservationId, a.reservationId));
    expect(row!.shiftId).toBeNull();
    await releaseDemoTables(t, v);
  });

  it('closes a shift with the expected cash beside the count, its difference and the card reader', async () => {
    const opened = await count(1, { 5000: 2 });
    expect(opened.statusCode, opened.body).toBe(201);
    firstShift = opened.json().opened.id;

    const a = await givenAccount(t, v);
    const b = await givenAccount(t, v);
    tableA = a.reservationId;
    // 20,00 in cash from a 50 note with a 1,50 tip: 28,50 change.
    const cash = await pay({
      reservationId: a.reservationId,
      method: 'cash',
      amountCents: 2000,
      tenderedCents: 5000,
      tipCents: 150,
    });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json().changeCents).toBe(2850);
    cashPaymentId = cash.json().payment.id;
    const card = await pay({
      reservationId: b.reservationId,
      method: 'card',
      amountCents: 2350,
      tipCents: 100,
    });
    expect(card.statusCode, card.body).toBe(201);
    const out = await post(
      t,
      'demo',
      MOVEMENT,
      { cashDrawerId: drawer.id, type: 0, amount: 2000, reason: 'Proveedor: pan' },
      { token: v.tokens.tpv },
    );
    expect(out.statusCode).toBe(201);
    const cashIn = await post(
      t,
      'demo',
      MOVEMENT,
      { cashDrawerId: drawer.id, type: 1, amount: 500, reason: 'Cambio' },
      { token: v.tokens.sala1 },
    );
    expect(cashIn.statusCode).toBe(201);

    // Expected: 100 + 48,50 − 28,50 + 1,50 + 5 − 20 = 106,50 in the drawer; the count finds 105,50.
    const status = await post(t, 'demo', TILL, {}, { token: v.tokens.tpv });
    expect(status.json()).toMatchObject({
      shift: { id: firstShift, status: 'open', floatCents: 10_000 },
      balance: { blind: false, expectedCashCents: 10_650, cardRecordedCents: 2_450 },
      movements: [
        { type: 0, amount: 2000, reason: 'Proveedor: pan' },
        { type: 1, amount: 500, reason: 'Cambio' },
      ],
    });
    const [reader] = await t.ctx.db.select().from(cardReaders).where(eq(cardReaders.venueId, v.demo.id));
    const closed = await count(
      2,
      { 5000: 2, 200: 2, 100: 1, 50: 1 },
      { cardReaderId: reader!.id, totalCardAmount: 2_450 },
    );
    expect(closed.statusCode, closed.body).toBe(201);
    expect(closed.json()).toMatchObject({
      closed: {
        shift: { id: firstShift, status: 'closed', endsDay: false },
        balance: {
          blind: false,
          expectedCashCents: 10_650,
          countedCashCents: 10_550,
          cashDifferenceCents: -100,
          cardRecordedCents: 2_450,
          cardReaderCents: 2_450,
          cardDifferenceCents: 0,
        },
      },
      // The next shift starts with what was counted.
      opened: { status: 'open', floatCents: 10_550 },
    });
    const nextShift = closed.json().opened.id as number;

    // A closed shift's payments stay as counted; what is paid now lands in the next shift.
    const voided = await post(
      t,
      'demo',
      '/world/api/payment/void',
      { reservationId: a.reservationId, paymentId: cashPaymentId, reason: 'Error' },
      { token: v.tokens.tpv },
    );
    expect(voided.statusCode).toBe(409);
    expect(voided.json().message).toBe(
      'Ese cobro es de un turno ya cerrado: reabre el turno para cambiarlo.',
    );
    const rest = await pay({ reservationId: a.reservationId, method: 'cash', amountCents: 350 });
    expect(rest.statusCode, rest.body).toBe(201);
    const shifts = await t.ctx.db
      .select({ id: payments.id, shiftId: payments.shiftId })
      .from(payments)
      .where(eq(payments.reservationId, a.reservationId));
    expect(shifts.map((row) => row.shiftId)).toEqual([firstShift, nextShift]);
  });

  it('a blind day-end count shows the counter no expected cash; afterwards the till takes no payment', async () => {
    await t.ctx.db
      .update(venues)
      .set({ settings: { ...(v.demo.settings as object), blindCashCount: true } })
      .where(eq(venues.id, v.demo.id));
    t.ctx.venues.invalidate();
    const status = await post(t, 'demo', TILL, {}, { token: v.tokens.tpv });
    expect(status.json().balance).toEqual({ blind: true });
    const end = await count(3, { 5000: 2, 200: 2, 100: 1, 50: 8 });
    expect(end.statusCode, end.body).toBe(201);
    expect(end.json()).toMatchObject({ closed: { shift: { endsDay: true } }, opened: null });
    expect(end.json().closed.balance).toEqual({
      blind: true,
      countedCashCents: 10_900,
      cardReaderCents: null,
    });

    const b = await givenAccount(t, v);
    const refused = await pay({ reservationId: b.reservationId, method: 'card', amountCents: 100 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Error en el pago: La caja está cerrada: abre un turno antes de cobrar.',
    );
    const tip = await post(
      t,
      'demo',
      '/world/api/tip/create',
      { reservationId: tableA, tipInfo: { amountCents: 100, method: 'cash' } },
      { token: v.tokens.tpv },
    );
    expect(tip.statusCode).toBe(409);
    await t.ctx.db
      .update(venues)
      .set({ settings: v.demo.settings as object })
      .where(eq(venues.id, v.demo.id));
    t.ctx.venues.invalidate();
    await releaseDemoTables(t, v);
  });

  it('reopens only the last closed shift, audited with what it had counted; Pasante may not', async () => {
    const status = await post(t, 'demo', TILL, {}, { token: v.tokens.tpv });
    const last = status.json().shift.id as number;
    expect(
      (await post(t, 'demo', REOPEN, { shiftId: firstShift, reason: 'x' }, { token: v.tokens.tpv }))
        .statusCode,
    ).toBe(409);
    expect(
      (await post(t, 'demo', REOPEN, { shiftId: last, reason: 'x' }, { token: v.tokens.pasante })).statusCode,
    ).toBe(403);
    const reopened = await post(
      t,
      'demo',
      REOPEN,
      { shiftId: last, reason: 'Faltaba un cobro' },
      { token: v.tokens.sala1 },
    );
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().shift).toMatchObject({ id: last, status: 'open', reopenCount: 1, closedAt: null });
    // The till shows who reopened it, when and why.
    const [reopener] = await t.ctx.db
      .select({ name: users.name })
      .from(users)
      .where(and(eq(users.venueId, v.demo.id), eq(users.email, 'sala1@demo.test')));
    const shown = (await post(t, 'demo', TILL, {}, { token: v.tokens.tpv })).json();
    expect(shown.reopened).toMatchObject({ by: reopener!.name, reason: 'Faltaba un cobro' });
    expect(Number.isNaN(Date.parse(shown.reopened.at))).toBe(false);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.venueId, v.demo.id), eq(auditLog.action, 'till.reopen')));
    expect(audit).toMatchObject({
      actorRole: '1 en Sala',
      before: expect.objectContaining({ countedCashCents: 10_900 }),
      after: { reason: 'Faltaba un cobro', reopenCount: 1 },
    });
    const b = await givenAccount(t, v);
    expect((await pay({ reservationId: b.reservationId, method: 'cash', amountCents: 100 })).statusCode).toBe(
      201,
    );
    expect((await count(3, { 5000: 2 })).statusCode).toBe(201);
    await releaseDemoTables(t, v);
  });

  it('opens the next service day with a new float, and every step left an audit row with its role', async () => {
    t.clock.set('2026-11-21T11:00:00Z');
    const opened = await count(1, { 2000: 5 });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json().opened).toMatchObject({ logicalDate: '2026-11-21', floatCents: 10_000 });
    expect(await auditActions()).toEqual([
      'till.open TPV',
      'till.cash_out TPV',
      'till.cash_in 1 en Sala',
      'till.close_shift TPV',
      'till.open TPV',
      'till.close_day TPV',
      'till.reopen 1 en Sala',
      'till.close_day TPV',
      'till.open TPV',
    ]);
  });
});
