import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { cashDenominations, cashDrawerSlots, cashDrawers } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/test-app.ts';
import { givenSeatedTable, post, type OrderingVenues } from '../menus/ordering.fixtures.ts';

/** Test helpers of the till cycle: the demo drawer, counts by value, an account that owes money. */

export const SNAPSHOT = '/world/api/accounting/create-accounting-snapshot';
export const MOVEMENT = '/world/api/accounting/cash-drawer-transaction';
export const TILL = '/world/api/accounting/till';
export const REOPEN = '/world/api/accounting/reopen-shift';
export const PAY = '/world/api/payment/create';

/** The demo venue's drawer and its denominations (value in cents → denomination id). */
export async function demoDrawer(t: TestApp, venueId: number) {
  const [drawer] = await t.ctx.db.select().from(cashDrawers).where(eq(cashDrawers.venueId, venueId));
  if (!drawer) throw new Error('demo drawer missing');
  const rows = await t.ctx.db
    .select({ id: cashDenominations.id, value: cashDenominations.valueCents })
    .from(cashDrawerSlots)
    .innerJoin(cashDenominations, eq(cashDenominations.id, cashDrawerSlots.cashDenominationId))
    .where(and(eq(cashDrawerSlots.venueId, venueId), eq(cashDrawerSlots.cashDrawerId, drawer.id)))
    .orderBy(asc(cashDenominations.valueCents));
  return { id: drawer.id, denominations: new Map(rows.map((row) => [row.value, row.id])) };
}
export type Drawer = Awaited<ReturnType<typeof demoDrawer>>;

/** Slots of a count given as value in cents → pieces. */
export function slotsOf(drawer: Drawer, pieces: Record<number, number>) {
  return Object.entries(pieces).map(([value, quantity]) => ({
    value: Number(value),
    cashDenominationId: drawer.denominations.get(Number(value))!,
    quantity,
  }));
}

/**
 * The TPV counts the drawer, `pieces` as value in cents → pieces: `open` starts the day with that float,
 * `close` ends it (the Z). The count must be taken (201); the reply is returned for its shifts.
 */
export async function countDrawer(
  t: TestApp,
  v: OrderingVenues,
  drawer: Drawer,
  when: 'open' | 'close',
  pieces: Record<number, number>,
) {
  const counted = await post(
    t,
    'demo',
    SNAPSHOT,
    {
      cashDrawerId: drawer.id,
      cashDrawerSlots: slotsOf(drawer, pieces),
      snapshotType: when === 'open' ? 1 : 3,
    },
    { token: v.tokens.tpv },
  );
  expect(counted.statusCode, counted.body).toBe(201);
  return counted;
}

/** A seated table with 2 × Patatas bravas (6,50) and 3 × Cerveza gallega (3,50): 23,50 owed. */
export async function givenAccount(t: TestApp, v: OrderingVenues) {
  const table = await givenSeatedTable(t, v);
  const ordered = await post(
    t,
    'demo',
    '/world/api/cartsession/createcartsessionorder',
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
  return table;
}
