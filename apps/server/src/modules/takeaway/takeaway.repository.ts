// Takeaway orders, read with the tableless accounts they hang from (reservations' repository writes those).
import { and, asc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import type { LeanRead } from '../../db/lean.ts';
import { firstRow } from '../../db/rows.ts';
import { cartSessionOrders, productOrders, reservations, takeawayOrders } from '../../db/schema/index.ts';

export type TakeawayOrderRow = typeof takeawayOrders.$inferSelect;

export async function insertTakeawayOrder(
  db: Executor,
  values: typeof takeawayOrders.$inferInsert,
): Promise<TakeawayOrderRow> {
  return firstRow(await db.insert(takeawayOrders).values(values).returning(), 'insert');
}

/** The venue's orders that match `where`, each with its account's name and wid. */
function withAccount(db: Executor, venueId: number, where: SQL | undefined) {
  return db
    .select({ order: takeawayOrders, name: reservations.name, wid: reservations.wid })
    .from(takeawayOrders)
    .innerJoin(
      reservations,
      and(
        eq(reservations.venueId, takeawayOrders.venueId),
        eq(reservations.id, takeawayOrders.reservationId),
      ),
    )
    .where(and(eq(takeawayOrders.venueId, venueId), where));
}

/** The order a status link names, with its account's name. */
export async function findByTokenHash(db: Executor, venueId: number, tokenHash: string) {
  const [row] = await withAccount(db, venueId, eq(takeawayOrders.statusTokenHash, tokenHash));
  return row;
}

/** A day's orders with their account, by pickup time. */
export async function ordersBetween(db: Executor, venueId: number, from: Date, to: Date) {
  return withAccount(
    db,
    venueId,
    and(gte(takeawayOrders.pickupAt, from), lt(takeawayOrders.pickupAt, to)),
  ).orderBy(asc(takeawayOrders.pickupAt), asc(takeawayOrders.number));
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
  const [row] = await withAccount(db, venueId, eq(takeawayOrders.id, id)).for('update', {
    of: takeawayOrders,
  });
  return row;
}

export async function updateOrder(
  db: Executor,
  venueId: number,
  id: number,
  values: { status: string; refusalReason?: string },
): Promise<TakeawayOrderRow> {
  const rows = await db
    .update(takeawayOrders)
    .set(values)
    .where(and(eq(takeawayOrders.venueId, venueId), eq(takeawayOrders.id, id)))
    .returning();
  return firstRow(rows, 'update');
}

const KITCHEN_MARKS_SQL = `
select coalesce(jsonb_agg(jsonb_build_object('reservationId', o.reservation_id, 'mode', o.mode,
  'number', o.number, 'pickupAt', o.pickup_at,
  'prepMinutes', coalesce((select s.prep_minutes from takeaway_settings s where s.venue_id = $1), $3::int))),
  '[]') as marks
from takeaway_orders o
where o.venue_id = $1 and o.reservation_id in (select jsonb_array_elements_text($2::jsonb)::int)`;

/** A takeaway order as the kitchen's screens mark it. */
export interface KitchenMarkRow {
  readonly reservationId: number;
  readonly mode: string;
  readonly number: number;
  readonly pickupAt: Date;
  readonly prepMinutes: number;
}

/**
 * The takeaway orders among some accounts (a table's account has none) as the kitchen's screens mark them,
 * each with the venue's cooking minutes (`defaultPrepMinutes` without a settings row). One prepared read:
 * the kitchen draws them on every order it announces.
 */
export function kitchenMarksRead(
  venueId: number,
  reservationIds: readonly number[],
  defaultPrepMinutes: number,
): LeanRead<KitchenMarkRow[]> {
  return {
    name: 'takeaway_kitchen_marks',
    text: KITCHEN_MARKS_SQL,
    values: [venueId, JSON.stringify(reservationIds), defaultPrepMinutes],
    decode: (row) =>
      ((row.marks ?? []) as (Omit<KitchenMarkRow, 'pickupAt'> & { pickupAt: string })[]).map((mark) => ({
        ...mark,
        pickupAt: new Date(mark.pickupAt),
      })),
  };
}

/** An account's order locked for a kitchen-driven move, with its name; undefined for a table's account. */
export async function lockOrderOfAccount(db: Executor, venueId: number, reservationId: number) {
  const [row] = await withAccount(db, venueId, eq(takeawayOrders.reservationId, reservationId)).for(
    'update',
    { of: takeawayOrders },
  );
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
