// The places of each pickup time and the day's order numbers.
import { and, gt, gte, lt, sql, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { takeawayDayCounters, takeawaySlotLoads } from '../../db/schema/index.ts';

/** Orders each pickup time in [from, to) holds, keyed by the instant's milliseconds. */
export async function slotLoads(
  db: Executor,
  venueId: number,
  from: Date,
  to: Date,
): Promise<Map<number, number>> {
  const rows = await db
    .select({ slotStart: takeawaySlotLoads.slotStart, orders: takeawaySlotLoads.orders })
    .from(takeawaySlotLoads)
    .where(
      and(
        eq(takeawaySlotLoads.venueId, venueId),
        gte(takeawaySlotLoads.slotStart, from),
        lt(takeawaySlotLoads.slotStart, to),
      ),
    );
  return new Map(rows.map((row) => [row.slotStart.getTime(), row.orders]));
}

/**
 * Takes one place of a pickup time, or answers false when it is full. The row lock of the update
 * queues concurrent orders for the same time, and the table's check refuses a load past its capacity
 * whatever any caller does.
 */
export async function takeSlotPlace(
  db: Executor,
  venueId: number,
  slotStart: Date,
  capacity: number,
): Promise<boolean> {
  await db
    .insert(takeawaySlotLoads)
    .values({ venueId, slotStart, orders: 0, capacity })
    .onConflictDoNothing();
  const taken = await db
    .update(takeawaySlotLoads)
    .set({ orders: sql`${takeawaySlotLoads.orders} + 1`, capacity })
    .where(
      and(
        eq(takeawaySlotLoads.venueId, venueId),
        eq(takeawaySlotLoads.slotStart, slotStart),
        lt(takeawaySlotLoads.orders, capacity),
      ),
    )
    .returning({ orders: takeawaySlotLoads.orders });
  return taken.length === 1;
}

/** Gives a refused order's place back to its pickup time. */
export async function releaseSlotPlace(db: Executor, venueId: number, slotStart: Date): Promise<void> {
  await db
    .update(takeawaySlotLoads)
    .set({ orders: sql`${takeawaySlotLoads.orders} - 1` })
    .where(
      and(
        eq(takeawaySlotLoads.venueId, venueId),
        eq(takeawaySlotLoads.slotStart, slotStart),
        gt(takeawaySlotLoads.orders, 0),
      ),
    );
}

/** The next order number of a service day (1, 2, 3…): short enough to call out at the counter. */
export async function nextOrderNumber(db: Executor, venueId: number, serviceDate: string): Promise<number> {
  const [row] = await db
    .insert(takeawayDayCounters)
    .values({ venueId, serviceDate, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [takeawayDayCounters.venueId, takeawayDayCounters.serviceDate],
      set: { lastNumber: sql`${takeawayDayCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: takeawayDayCounters.lastNumber });
  if (!row) throw new Error('order number missing after upsert');
  return row.lastNumber;
}
