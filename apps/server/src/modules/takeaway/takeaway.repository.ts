import { and, asc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  DEFAULT_PREP_MINUTES,
  RESERVATION_STATUS_CODES,
  PRODUCT_ORDER_STATUS,
  CART_SESSION_STATUS,
  DELIVERY_FEE_SKU,
} from '@sobremesa/domain';
import type { Executor } from '../../db/database.ts';
import {
  auditLog,
  bills,
  cartSessionOrders,
  cartSessions,
  payments,
  productOrders,
  reservations,
  takeawayDayCounters,
  takeawayOrders,
  takeawaySettings,
  takeawaySlotLoads,
  takeawayZones,
} from '../../db/schema/index.ts';

export type TakeawaySettingsRow = typeof takeawaySettings.$inferSelect;
export type TakeawayZoneRow = typeof takeawayZones.$inferSelect;
export type TakeawayOrderRow = typeof takeawayOrders.$inferSelect;

/** The venue's takeaway settings; a venue without a row takes pickup orders with the defaults. */
export async function readSettings(db: Executor, venueId: number): Promise<TakeawaySettingsRow> {
  const [row] = await db.select().from(takeawaySettings).where(eq(takeawaySettings.venueId, venueId));
  return (
    row ?? {
      venueId,
      pickupEnabled: true,
      deliveryEnabled: false,
      leadMinutes: 30,
      slotMinutes: 15,
      ordersPerSlot: 4,
      pausedUntil: null,
      prepMinutes: DEFAULT_PREP_MINUTES,
      latitude: null,
      longitude: null,
    }
  );
}

export async function listZones(db: Executor, venueId: number): Promise<TakeawayZoneRow[]> {
  return db
    .select()
    .from(takeawayZones)
    .where(eq(takeawayZones.venueId, venueId))
    .orderBy(asc(takeawayZones.sortOrder), asc(takeawayZones.id));
}

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

/** The account (a reservation without a table) a takeaway order's lines and bill hang from. */
export async function insertTakeawayAccount(
  db: Executor,
  values: {
    venueId: number;
    kind: 'takeaway' | 'delivery';
    name: string;
    startsAt: Date;
    endsAt: Date;
  },
): Promise<{ id: number; wid: string }> {
  const [row] = await db
    .insert(reservations)
    .values({ ...values, pax: 1, status: RESERVATION_STATUS_CODES.active, source: 'web' })
    .returning({ id: reservations.id, wid: reservations.wid });
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function insertTakeawayOrder(
  db: Executor,
  values: typeof takeawayOrders.$inferInsert,
): Promise<TakeawayOrderRow> {
  const [row] = await db.insert(takeawayOrders).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** The order a status link names, with its account's name. */
export async function findByTokenHash(db: Executor, venueId: number, tokenHash: string) {
  const [row] = await db
    .select({ order: takeawayOrders, name: reservations.name })
    .from(takeawayOrders)
    .innerJoin(
      reservations,
      and(
        eq(reservations.venueId, takeawayOrders.venueId),
        eq(reservations.id, takeawayOrders.reservationId),
      ),
    )
    .where(and(eq(takeawayOrders.venueId, venueId), eq(takeawayOrders.statusTokenHash, tokenHash)));
  return row;
}

/** A day's orders with their account, by pickup time. */
export async function ordersBetween(db: Executor, venueId: number, from: Date, to: Date) {
  return db
    .select({
      order: takeawayOrders,
      name: reservations.name,
      wid: reservations.wid,
    })
    .from(takeawayOrders)
    .innerJoin(
      reservations,
      and(
        eq(reservations.venueId, takeawayOrders.venueId),
        eq(reservations.id, takeawayOrders.reservationId),
      ),
    )
    .where(
      and(
        eq(takeawayOrders.venueId, venueId),
        gte(takeawayOrders.pickupAt, from),
        lt(takeawayOrders.pickupAt, to),
      ),
    )
    .orderBy(asc(takeawayOrders.pickupAt), asc(takeawayOrders.number));
}

/** The lines (top level, not a menú's course dishes) and the guest's notes of an account's orders. */
export async function accountLines(db: Executor, venueId: number, reservationId: number) {
  return db
    .select({
      name: productOrders.productName,
      units: productOrders.units,
      priceCents: productOrders.priceCents,
      id: productOrders.id,
      parentId: productOrders.parentId,
      status: productOrders.status,
      choices: productOrders.choices,
      comments: productOrders.comments,
      clientMessage: cartSessionOrders.clientMessage,
    })
    .from(productOrders)
    .innerJoin(
      cartSessionOrders,
      and(
        eq(cartSessionOrders.venueId, productOrders.venueId),
        eq(cartSessionOrders.id, productOrders.cartSessionOrderId),
      ),
    )
    .where(and(eq(productOrders.venueId, venueId), eq(productOrders.reservationId, reservationId)))
    .orderBy(asc(productOrders.id));
}

/** An order locked for a staff change (another tablet's change waits for this one). */
export async function lockOrder(db: Executor, venueId: number, id: number) {
  const [row] = await db
    .select({ order: takeawayOrders, name: reservations.name, wid: reservations.wid })
    .from(takeawayOrders)
    .innerJoin(
      reservations,
      and(
        eq(reservations.venueId, takeawayOrders.venueId),
        eq(reservations.id, takeawayOrders.reservationId),
      ),
    )
    .where(and(eq(takeawayOrders.venueId, venueId), eq(takeawayOrders.id, id)))
    .for('update', { of: takeawayOrders });
  return row;
}

export async function updateOrder(
  db: Executor,
  venueId: number,
  id: number,
  values: { status: string; refusalReason?: string },
): Promise<TakeawayOrderRow> {
  const [row] = await db
    .update(takeawayOrders)
    .set(values)
    .where(and(eq(takeawayOrders.venueId, venueId), eq(takeawayOrders.id, id)))
    .returning();
  if (!row) throw new Error('update returned nothing');
  return row;
}

/** The order's cart session order still waiting for staff (one per takeaway order). */
export async function waitingCartOrderId(
  db: Executor,
  venueId: number,
  reservationId: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: cartSessionOrders.id })
    .from(cartSessionOrders)
    .innerJoin(
      cartSessions,
      and(
        eq(cartSessions.venueId, cartSessionOrders.venueId),
        eq(cartSessions.id, cartSessionOrders.cartSessionId),
      ),
    )
    .where(
      and(
        eq(cartSessionOrders.venueId, venueId),
        eq(cartSessions.reservationId, reservationId),
        eq(cartSessionOrders.status, CART_SESSION_STATUS.waiting),
      ),
    );
  return row?.id;
}

/** A refused order: its lines are rejected (-4) before any was made, its order rejected, its account closed. */
export async function rejectAccount(db: Executor, venueId: number, reservationId: number, now: Date) {
  await db
    .update(productOrders)
    .set({ status: PRODUCT_ORDER_STATUS.rejected })
    .where(
      and(
        eq(productOrders.venueId, venueId),
        eq(productOrders.reservationId, reservationId),
        // The delivery fee's line is served from the start; refused, the order owes nothing.
        or(
          inArray(productOrders.status, [PRODUCT_ORDER_STATUS.created, PRODUCT_ORDER_STATUS.accepted]),
          eq(productOrders.productSku, DELIVERY_FEE_SKU),
        ),
      ),
    );
  const carts = db
    .select({ id: cartSessions.id })
    .from(cartSessions)
    .where(and(eq(cartSessions.venueId, venueId), eq(cartSessions.reservationId, reservationId)));
  await db
    .update(cartSessionOrders)
    .set({ status: CART_SESSION_STATUS.cancelled })
    .where(and(eq(cartSessionOrders.venueId, venueId), inArray(cartSessionOrders.cartSessionId, carts)));
  await db
    .update(reservations)
    .set({ status: RESERVATION_STATUS_CODES.cancelled, finishedAt: now })
    .where(and(eq(reservations.venueId, venueId), eq(reservations.id, reservationId)));
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

/** What the accounts' payments that stand (not voided) add up to, by account. */
export async function paidOfAccounts(
  db: Executor,
  venueId: number,
  reservationIds: readonly number[],
): Promise<Map<number, number>> {
  if (reservationIds.length === 0) return new Map();
  const rows = await db
    .select({
      reservationId: payments.reservationId,
      paid: sql<string>`coalesce(sum(${payments.amountCents}), 0)`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.venueId, venueId),
        inArray(payments.reservationId, [...reservationIds]),
        isNull(payments.voidedAt),
      ),
    )
    .groupBy(payments.reservationId);
  return new Map(rows.map((row) => [row.reservationId, Number(row.paid)]));
}

/** The accounts among these whose simplified invoice or invoice is issued (bill types 1 and 2). */
export async function issuedAccounts(
  db: Executor,
  venueId: number,
  reservationIds: readonly number[],
): Promise<Set<number>> {
  if (reservationIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ reservationId: bills.reservationId })
    .from(bills)
    .where(
      and(
        eq(bills.venueId, venueId),
        inArray(bills.reservationId, [...reservationIds]),
        inArray(bills.type, [1, 2]),
      ),
    );
  return new Set(rows.map((row) => row.reservationId));
}

/** The takeaway order an account is for, if it is one. */
export async function orderOfAccount(db: Executor, venueId: number, reservationId: number) {
  const [row] = await db
    .select({ number: takeawayOrders.number, mode: takeawayOrders.mode })
    .from(takeawayOrders)
    .where(and(eq(takeawayOrders.venueId, venueId), eq(takeawayOrders.reservationId, reservationId)));
  return row;
}

/** Sets (or clears) the pause, creating the venue's settings row with the defaults when it has none. */
export async function writePausedUntil(
  db: Executor,
  venueId: number,
  pausedUntil: Date | null,
): Promise<void> {
  await db
    .insert(takeawaySettings)
    .values({ venueId, pausedUntil })
    .onConflictDoUpdate({ target: takeawaySettings.venueId, set: { pausedUntil } });
}

export async function insertAudit(db: Executor, entry: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/** The takeaway orders among some accounts (a table's account has none). */
export async function ordersOfAccounts(db: Executor, venueId: number, reservationIds: readonly number[]) {
  if (reservationIds.length === 0) return [];
  return db
    .select()
    .from(takeawayOrders)
    .where(
      and(eq(takeawayOrders.venueId, venueId), inArray(takeawayOrders.reservationId, [...reservationIds])),
    );
}

/** An account's order locked for a kitchen-driven move, with its name; undefined for a table's account. */
export async function lockOrderOfAccount(db: Executor, venueId: number, reservationId: number) {
  const [row] = await db
    .select({ order: takeawayOrders, name: reservations.name, wid: reservations.wid })
    .from(takeawayOrders)
    .innerJoin(
      reservations,
      and(
        eq(reservations.venueId, takeawayOrders.venueId),
        eq(reservations.id, takeawayOrders.reservationId),
      ),
    )
    .where(and(eq(takeawayOrders.venueId, venueId), eq(takeawayOrders.reservationId, reservationId)))
    .for('update', { of: takeawayOrders });
  return row;
}

/** The account of an order, read without a lock (to lock its rows in the kitchen's order first). */
export async function accountOfOrder(db: Executor, venueId: number, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ reservationId: takeawayOrders.reservationId })
    .from(takeawayOrders)
    .where(and(eq(takeawayOrders.venueId, venueId), eq(takeawayOrders.id, id)));
  return row?.reservationId;
}

/**
 * Locks an account's orders, then its lines, each in id order: the order the kitchen locks them in
 * before it moves a takeaway order (decision 010), so a refusal and a cook's tap queue, never deadlock.
 */
export async function lockAccountLines(db: Executor, venueId: number, reservationId: number): Promise<void> {
  const carts = db
    .select({ id: cartSessions.id })
    .from(cartSessions)
    .where(and(eq(cartSessions.venueId, venueId), eq(cartSessions.reservationId, reservationId)));
  await db
    .select({ id: cartSessionOrders.id })
    .from(cartSessionOrders)
    .where(and(eq(cartSessionOrders.venueId, venueId), inArray(cartSessionOrders.cartSessionId, carts)))
    .orderBy(asc(cartSessionOrders.id))
    .for('update');
  await db
    .select({ id: productOrders.id })
    .from(productOrders)
    .where(and(eq(productOrders.venueId, venueId), eq(productOrders.reservationId, reservationId)))
    .orderBy(asc(productOrders.id))
    .for('update');
}
