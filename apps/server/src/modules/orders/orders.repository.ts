import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { cartSessionOrders, cartSessions, productOrders } from '../../db/schema/index.ts';

export type CartSessionOrderRow = typeof cartSessionOrders.$inferSelect;
export type ProductOrderRow = typeof productOrders.$inferSelect;

/** The cart of a reservation, created on its first order (one per reservation). */
export async function cartSessionOf(db: Executor, venueId: number, reservationId: number): Promise<number> {
  await db.insert(cartSessions).values({ venueId, reservationId }).onConflictDoNothing();
  const [row] = await db
    .select({ id: cartSessions.id })
    .from(cartSessions)
    .where(and(eq(cartSessions.venueId, venueId), eq(cartSessions.reservationId, reservationId)));
  if (!row) throw new Error('cart session missing after upsert');
  return row.id;
}

export async function insertCartSessionOrder(
  db: Executor,
  values: typeof cartSessionOrders.$inferInsert,
): Promise<CartSessionOrderRow> {
  const [row] = await db.insert(cartSessionOrders).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function insertProductOrder(
  db: Executor,
  values: typeof productOrders.$inferInsert,
): Promise<ProductOrderRow> {
  const [row] = await db.insert(productOrders).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** An order of the venue with its reservation, locked for the transaction. */
export async function lockCartSessionOrder(db: Executor, venueId: number, id: number) {
  const [row] = await db
    .select({ order: cartSessionOrders, reservationId: cartSessions.reservationId })
    .from(cartSessionOrders)
    .innerJoin(
      cartSessions,
      and(
        eq(cartSessions.venueId, cartSessionOrders.venueId),
        eq(cartSessions.id, cartSessionOrders.cartSessionId),
      ),
    )
    .where(and(eq(cartSessionOrders.venueId, venueId), eq(cartSessionOrders.id, id)))
    .for('update', { of: cartSessionOrders });
  return row;
}

export async function updateCartSessionOrder(
  db: Executor,
  venueId: number,
  id: number,
  changes: Partial<typeof cartSessionOrders.$inferInsert>,
): Promise<CartSessionOrderRow> {
  const [row] = await db
    .update(cartSessionOrders)
    .set(changes)
    .where(and(eq(cartSessionOrders.venueId, venueId), eq(cartSessionOrders.id, id)))
    .returning();
  if (!row) throw new Error('order vanished while locked');
  return row;
}

/** The lines of an order, in insertion order. */
export function linesOfOrder(
  db: Executor,
  venueId: number,
  cartSessionOrderId: number,
): Promise<ProductOrderRow[]> {
  return db
    .select()
    .from(productOrders)
    .where(and(eq(productOrders.venueId, venueId), eq(productOrders.cartSessionOrderId, cartSessionOrderId)))
    .orderBy(asc(productOrders.id));
}

/** Every line of an account, oldest first (the guest's "Ver pedido"). */
export function linesOfReservation(
  db: Executor,
  venueId: number,
  reservationId: number,
): Promise<ProductOrderRow[]> {
  return db
    .select()
    .from(productOrders)
    .where(and(eq(productOrders.venueId, venueId), eq(productOrders.reservationId, reservationId)))
    .orderBy(asc(productOrders.createdAt), asc(productOrders.id));
}

/** Accepts the created lines of an order (sent to kitchen and bar). */
export async function acceptLines(db: Executor, venueId: number, cartSessionOrderId: number): Promise<void> {
  await db
    .update(productOrders)
    .set({ status: 1 })
    .where(
      and(
        eq(productOrders.venueId, venueId),
        eq(productOrders.cartSessionOrderId, cartSessionOrderId),
        eq(productOrders.status, 0),
      ),
    );
}

/** A reservation's orders in one status, oldest first. */
export function ordersOfReservation(
  db: Executor,
  venueId: number,
  reservationId: number,
  status: number,
): Promise<CartSessionOrderRow[]> {
  return db
    .select({ order: cartSessionOrders })
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
        eq(cartSessionOrders.status, status),
      ),
    )
    .orderBy(asc(cartSessionOrders.id))
    .then((rows) => rows.map((row) => row.order));
}
