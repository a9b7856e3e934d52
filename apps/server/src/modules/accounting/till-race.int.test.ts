import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashDrawerTransactions, payments, tillShifts } from '../../db/schema/index.ts';
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
  slotsOf,
  SNAPSHOT,
  TILL,
  type Drawer,
} from './till.fixtures.ts';

/**
 * Issue 24 item 5 (REL-02): 50 payments racing a close. Each lands in the shift the close sums, in the
 * next shift, or is refused: none is lost and none counted twice. Withdrawals racing each other never take
 * together more than the drawer holds (decision 077). On PostgreSQL (TEST_DATABASE_URL) the requests truly
 * run at once over the pool.
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

const count = (snapshotType: 1 | 2 | 3) =>
  post(
    t,
    'demo',
    SNAPSHOT,
    { cashDrawerId: drawer.id, cashDrawerSlots: slotsOf(drawer, { 5000: 1 }), snapshotType },
    { token: v.tokens.tpv },
  );

/** Five accounts and 50 card payments of 0,10 spread over them, with a close fired in the middle. */
async function race(closeType: 2 | 3) {
  const accounts: number[] = [];
  for (let i = 0; i < 5; i++) accounts.push((await givenAccount(t, v)).reservationId);
  const requests: Promise<{ kind: 'pay' | 'close'; status: number; body: Record<string, unknown> }>[] = [];
  for (let i = 0; i < 50; i++) {
    if (i === 25)
      requests.push(count(closeType).then((r) => ({ kind: 'close', status: r.statusCode, body: r.json() })));
    requests.push(
      post(
        t,
        'demo',
        PAY,
        { reservationId: accounts[i % 5], method: 'card', amountCents: 10 },
        { token: v.tokens.tpv },
      ).then((r) => ({ kind: 'pay', status: r.statusCode, body: r.json() })),
    );
  }
  const replies = await Promise.all(requests);
  const close = replies.find((reply) => reply.kind === 'close')!;
  expect(close.status, JSON.stringify(close.body)).toBe(201);
  const taken = replies.filter((reply) => reply.kind === 'pay' && reply.status === 201);
  const refused = replies.filter((reply) => reply.kind === 'pay' && reply.status !== 201);
  for (const reply of refused) expect(reply.status, JSON.stringify(reply.body)).toBe(409);
  const rows = (await t.ctx.db.select().from(payments).where(eq(payments.venueId, v.demo.id))).filter((row) =>
    accounts.includes(row.reservationId),
  );
  await releaseDemoTables(t, v);
  return {
    close: close.body as {
      closed: { shift: { id: number }; balance: { cardRecordedCents: number } };
      opened: { id: number } | null;
    },
    taken,
    refused,
    rows,
  };
}

describe('payments racing a close', () => {
  it('a between-shifts close: every payment lands, in the closed shift or the next, each counted once', async () => {
    expect((await count(1)).statusCode).toBe(201);
    const { close, taken, refused, rows } = await race(2);
    expect(refused).toHaveLength(0);
    expect(taken).toHaveLength(50);
    expect(new Set(taken.map((reply) => (reply.body.payment as { id: number }).id)).size).toBe(50);
    expect(rows).toHaveLength(50);
    const closedId = close.closed.shift.id;
    const nextId = close.opened!.id;
    const inClosed = rows.filter((row) => row.shiftId === closedId);
    const inNext = rows.filter((row) => row.shiftId === nextId);
    expect(inClosed.length + inNext.length).toBe(50);
    // What the close summed is exactly what carries its shift's id.
    expect(close.closed.balance.cardRecordedCents).toBe(inClosed.length * 10);
    const [stored] = await t.ctx.db.select().from(tillShifts).where(eq(tillShifts.id, closedId));
    expect(stored!.cardRecordedCents).toBe(inClosed.length * 10);
  });

  it('a day-end close: each payment is in the closed shift or refused, never lost, never outside', async () => {
    const { close, taken, refused, rows } = await race(3);
    expect(taken.length + refused.length).toBe(50);
    for (const reply of refused)
      expect(reply.body.message).toBe(
        'Error en el pago: La caja está cerrada: abre un turno antes de cobrar.',
      );
    expect(rows).toHaveLength(taken.length);
    const closedId = close.closed.shift.id;
    expect(rows.every((row) => row.shiftId === closedId)).toBe(true);
    // The closed shift had also taken the first race's late payments: the close summed those and these.
    const ofShift = await t.ctx.db.select().from(payments).where(eq(payments.shiftId, closedId));
    expect(ofShift.length).toBeGreaterThanOrEqual(taken.length);
    expect(close.closed.balance.cardRecordedCents).toBe(
      ofShift.reduce((sum, row) => sum + row.amountCents, 0),
    );
  });
});

describe('withdrawals racing each other', () => {
  it('ten withdrawals of 10,00 at once from a drawer of 50,00: five go out, five are refused, none below zero', async () => {
    const opened = await count(1);
    expect(opened.statusCode, opened.body).toBe(201);
    const shiftId = (opened.json() as { opened: { id: number } }).opened.id;
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(
          t,
          'demo',
          MOVEMENT,
          { cashDrawerId: drawer.id, type: 0, amount: 1000, reason: `Proveedor ${i}` },
          { token: v.tokens.tpv },
        ),
      ),
    );
    const taken = replies.filter((reply) => reply.statusCode === 201);
    const refused = replies.filter((reply) => reply.statusCode !== 201);
    expect(taken).toHaveLength(5);
    for (const reply of refused) {
      expect(reply.statusCode, reply.body).toBe(409);
      expect(reply.json().detail).toMatch(
        /^No hay tanto efectivo en la caja: como mucho puedes retirar 0,00/,
      );
    }
    const out = await t.ctx.db
      .select()
      .from(cashDrawerTransactions)
      .where(eq(cashDrawerTransactions.shiftId, shiftId));
    expect(out.reduce((sum, row) => sum + row.amountCents, 0)).toBe(5000);
    const status = await post(t, 'demo', TILL, {}, { token: v.tokens.tpv });
    expect(status.json().balance).toMatchObject({ expectedCashCents: 0 });
  });
});
