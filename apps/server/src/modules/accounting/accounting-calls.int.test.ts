import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cashDrawerTransactions } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  givenOrderingVenues,
  post,
  type DemoAccount,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';
import { countDrawer, demoDrawer, MOVEMENT, slotsOf, SNAPSHOT, type Drawer } from './till.fixtures.ts';

/** Issue 24 item 1: the spec's two accounting calls, their fields and messages, roles and venues. */

let t: TestApp;
let v: OrderingVenues;
let drawer: Drawer;

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
  drawer = await demoDrawer(t, v.demo.id);
}, 180_000);
afterAll(() => t.close());

const open = (token: string, extra: object = {}) =>
  post(
    t,
    'demo',
    SNAPSHOT,
    {
      cashDrawerId: drawer.id,
      cashDrawerSlots: slotsOf(drawer, { 5000: 2, 200: 5 }),
      snapshotType: 1,
      ...extra,
    },
    { token },
  );

async function audits(action: string) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.venueId, v.demo.id), like(auditLog.action, action)));
}

describe('POST /world/api/accounting/create-accounting-snapshot', () => {
  it('refuses bad input with 400 naming the field, before anything is written', async () => {
    const bad: [object, string][] = [
      [{ snapshotType: 4 }, 'snapshotType'],
      [
        { cashDrawerSlots: [{ value: 50, cashDenominationId: 1, quantity: -1 }] },
        'cashDrawerSlots.0.quantity',
      ],
      [
        { cashDrawerSlots: [...slotsOf(drawer, { 100: 1 }), ...slotsOf(drawer, { 100: 2 })] },
        'cashDrawerSlots',
      ],
      [{ totalCardAmount: 1000 }, 'cardReaderId'],
      [{ totalCardAmount: 10.5, cardReaderId: 1 }, 'totalCardAmount'],
      [{ surprise: true }, ''],
    ];
    for (const [extra, field] of bad) {
      const response = await open(v.tokens.tpv, extra);
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      if (field) expect(JSON.stringify(response.json().fields)).toContain(`"${field}`);
    }
    // A slot whose value is not its denomination's is a wrong count, in the user's words.
    const wrongValue = await open(v.tokens.tpv, {
      cashDrawerSlots: [{ value: 200, cashDenominationId: drawer.denominations.get(100)!, quantity: 1 }],
    });
    expect(wrongValue.statusCode).toBe(400);
    expect(wrongValue.json().message).toBe('El recuento no coincide con las monedas y billetes de la caja.');
    expect(await audits('till.%')).toHaveLength(0);
  });

  it.each(['pasante', 'cocina', 'sala', 'barra'] as const)(
    'refuses %s with 403',
    async (who: DemoAccount) => {
      const response = await open(v.tokens[who]);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Tu rol no permite esta acción.');
    },
  );

  it('refuses another venue’s drawer (404), a caller without a token (401) and a missing Idempotency-Key', async () => {
    const other = await post(
      t,
      'otra',
      SNAPSHOT,
      { cashDrawerId: drawer.id, cashDrawerSlots: [], snapshotType: 1 },
      { token: v.other.tokens.admin },
    );
    expect(other.statusCode).toBe(404);
    // A demo token on the other venue is no token there.
    const demoTokenElsewhere = await post(
      t,
      'otra',
      SNAPSHOT,
      { cashDrawerId: drawer.id, cashDrawerSlots: [], snapshotType: 1 },
      { token: v.tokens.admin },
    );
    expect(demoTokenElsewhere.statusCode).toBe(401);
    expect(
      (await post(t, 'demo', SNAPSHOT, { cashDrawerId: drawer.id, cashDrawerSlots: [], snapshotType: 1 }))
        .statusCode,
    ).toBe(401);
    const keyless = await post(
      t,
      'demo',
      SNAPSHOT,
      { cashDrawerId: drawer.id, cashDrawerSlots: [], snapshotType: 1 },
      { token: v.tokens.tpv, withoutKey: true },
    );
    expect(keyless.statusCode).toBe(400);
  });

  it('opens the day with the counted float, once: the same key replays, a second opening is refused', async () => {
    const key = { 'idempotency-key': 'open-day-1' };
    const first = await post(
      t,
      'demo',
      SNAPSHOT,
      { cashDrawerId: drawer.id, cashDrawerSlots: slotsOf(drawer, { 5000: 2, 200: 5 }), snapshotType: 1 },
      { token: v.tokens.tpv, headers: key },
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      result: 0,
      snapshot: { snapshotType: 1, cashDrawerId: drawer.id, logicalDate: '2026-11-20' },
      closed: null,
      opened: { status: 'open', floatCents: 11_000, cashDrawerId: drawer.id },
    });
    const replay = await post(
      t,
      'demo',
      SNAPSHOT,
      { cashDrawerId: drawer.id, cashDrawerSlots: slotsOf(drawer, { 5000: 2, 200: 5 }), snapshotType: 1 },
      { token: v.tokens.tpv, headers: key },
    );
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const again = await open(v.tokens.sala1);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('La caja ya está abierta: ciérrala antes de abrir un nuevo día.');
    const opened = await audits('till.open');
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({
      actorRole: 'TPV',
      after: expect.objectContaining({ floatCents: 11_000 }),
    });
  });
});

describe('POST /world/api/accounting/cash-drawer-transaction', () => {
  const move = (token: string, body: object, subdomain = 'demo') =>
    post(
      t,
      subdomain,
      MOVEMENT,
      { cashDrawerId: drawer.id, type: 0, amount: 2_000, reason: 'Proveedor pan', ...body },
      { token },
    );

  it('records cash out and in with the spec’s message, in the shift, audited with actor and amount', async () => {
    const out = await move(v.tokens.tpv, {});
    expect(out.statusCode, out.body).toBe(201);
    expect(out.json()).toMatchObject({
      result: 0,
      message: 'Transacción de caja registrada correctamente',
      transaction: { type: 0, amount: 2_000, reason: 'Proveedor pan', cashDrawerId: drawer.id },
    });
    const inEnglish = await post(
      t,
      'demo',
      MOVEMENT,
      { cashDrawerId: drawer.id, type: 1, amount: 500, reason: 'Cambio del banco' },
      { token: v.tokens.admin, headers: { 'accept-language': 'en' } },
    );
    expect(inEnglish.statusCode).toBe(201);
    expect(inEnglish.json().message).toBe('Cash transaction recorded');
    const rows = await t.ctx.db
      .select()
      .from(cashDrawerTransactions)
      .where(eq(cashDrawerTransactions.venueId, v.demo.id));
    expect(rows.map((row) => [row.type, row.amountCents, row.shiftId !== null])).toEqual([
      [0, 2_000, true],
      [1, 500, true],
    ]);
    expect(await audits('till.cash_out')).toEqual([
      expect.objectContaining({
        actorRole: 'TPV',
        after: expect.objectContaining({ amountCents: 2_000, reason: 'Proveedor pan' }),
      }),
    ]);
    expect((await audits('till.cash_in'))[0]).toMatchObject({ actorRole: 'admin' });
  });

  it('refuses bad input with 400', async () => {
    for (const body of [
      { type: 2 },
      { amount: 0 },
      { amount: 12.5 },
      { reason: '   ' },
      { reason: undefined },
      { cashDrawerId: 'x' },
    ]) {
      const response = await move(v.tokens.tpv, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it.each(['pasante', 'cocina'] as const)(
    'refuses %s with 403 and records nothing',
    async (who: DemoAccount) => {
      const before = (await t.ctx.db.select().from(cashDrawerTransactions)).length;
      expect((await move(v.tokens[who], {})).statusCode).toBe(403);
      expect(await t.ctx.db.select().from(cashDrawerTransactions)).toHaveLength(before);
    },
  );

  it('refuses another venue’s drawer', async () => {
    const response = await move(v.other.tokens.admin, {}, 'otra');
    expect(response.statusCode).toBe(404);
    expect((await move(v.tokens.admin, {}, 'otra')).statusCode).toBe(401);
  });

  it('speaks the spec’s failure message when the till is closed, with what stands in the way', async () => {
    await countDrawer(t, v, drawer, 'close', { 5000: 2 });
    const refused = await move(v.tokens.tpv, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'Ha ocurrido un error registrando el movimiento de caja',
      detail: 'La caja no está abierta: ábrela con el fondo de caja.',
    });
  });
});
