import { PRODUCT_ORDER_STATUS } from '@sobremesa/domain';
import { and, asc, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { leanRead, type LeanRead } from '../../db/lean.ts';
import { firstRow } from '../../db/rows.ts';
import { ensureCart, orderInCart } from './order-writes.repository.ts';
import {
  cartSessionOrders,
  cartSessions,
  dishClasses,
  elaborationStations,
  productOrders,
  serviceEvents,
} from '../../db/schema/index.ts';

export type LineRow = typeof productOrders.$inferSelect;
export type OrderRow = typeof cartSessionOrders.$inferSelect;
export type ServiceEventRow = typeof serviceEvents.$inferSelect;

/** The cart session orders the given lines belong to (read without locks, to know what to lock first). */
export async function orderIdsOfLines(
  db: Executor,
  venueId: number,
  ids: readonly number[],
): Promise<number[]> {
  const orderIds = await distinctOfLines(db, venueId, productOrders.cartSessionOrderId, ids);
  return orderIds.flatMap((id) => (id === null ? [] : [id]));
}

/** The accounts the given lines are charged to, in id order (read without locks, to lock them first). */
export async function reservationIdsOfLines(
  db: Executor,
  venueId: number,
  ids: readonly number[],
): Promise<number[]> {
  const reservationIds = await distinctOfLines(db, venueId, productOrders.reservationId, ids);
  return reservationIds.sort((a, b) => a - b);
}

/** The distinct values of one column over the venue's given lines. */
async function distinctOfLines<
  C extends typeof productOrders.cartSessionOrderId | typeof productOrders.reservationId,
>(db: Executor, venueId: number, column: C, ids: readonly number[]) {
  const rows = await db
    .selectDistinct({ value: column })
    .from(productOrders)
    .where(and(eq(productOrders.venueId, venueId), inArray(productOrders.id, [...ids])));
  return rows.map((row) => row.value);
}

/** Locks cart session orders in id order (the one lock order every kitchen call follows). */
export async function lockOrders(db: Executor, venueId: number, ids: readonly number[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(cartSessionOrders)
    .where(and(eq(cartSessionOrders.venueId, venueId), inArray(cartSessionOrders.id, [...ids])))
    .orderBy(asc(cartSessionOrders.id))
    .for('update');
}

/** Locks lines of the venue in id order; ids of another venue are simply not returned. */
export function lockLines(db: Executor, venueId: number, ids: readonly number[]): Promise<LineRow[]> {
  return linesWhere(db, venueId, productOrders.id, ids, true);
}

/** Menu children of the given lines (a menú del día moves, is paid or voided with its courses). */
export function childrenOf(db: Executor, venueId: number, parentIds: readonly number[]): Promise<LineRow[]> {
  return linesWhere(db, venueId, productOrders.parentId, parentIds, true);
}

export async function updateLine(
  db: Executor,
  venueId: number,
  id: number,
  changes: Partial<typeof productOrders.$inferInsert>,
): Promise<LineRow> {
  const [row] = await db
    .update(productOrders)
    .set(changes)
    .where(and(eq(productOrders.venueId, venueId), eq(productOrders.id, id)))
    .returning();
  if (!row) throw new Error('line vanished while locked');
  return row;
}

export async function insertLine(db: Executor, values: typeof productOrders.$inferInsert): Promise<LineRow> {
  return firstRow(await db.insert(productOrders).values(values).returning(), 'insert');
}

/** The venue's lines whose `column` is one of `ids`, in id order, locked if asked. */
function linesWhere(
  db: Executor,
  venueId: number,
  column:
    | typeof productOrders.id
    | typeof productOrders.parentId
    | typeof productOrders.cartSessionOrderId
    | typeof productOrders.serviceEventId
    | typeof productOrders.reservationId,
  ids: readonly number[],
  lock = false,
): Promise<LineRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  const query = db
    .select()
    .from(productOrders)
    .where(and(eq(productOrders.venueId, venueId), inArray(column, [...ids])))
    .orderBy(asc(productOrders.id));
  return lock ? query.for('update') : query;
}

/** Every line of some orders. */
export function linesOfOrders(
  db: Executor,
  venueId: number,
  orderIds: readonly number[],
): Promise<LineRow[]> {
  return linesWhere(db, venueId, productOrders.cartSessionOrderId, orderIds);
}

export async function setOrderStatus(
  db: Executor,
  venueId: number,
  id: number,
  status: number,
): Promise<void> {
  await db
    .update(cartSessionOrders)
    .set({ status })
    .where(and(eq(cartSessionOrders.venueId, venueId), eq(cartSessionOrders.id, id)));
}

/** A cart session order of a reservation (creating its cart session when it has none). */
export async function insertOrderFor(
  db: Executor,
  values: Omit<typeof cartSessionOrders.$inferInsert, 'cartSessionId'> & { reservationId: number },
): Promise<OrderRow> {
  const { reservationId, ...order } = values;
  const cartSessionId = await ensureCart(db, order.venueId, reservationId);
  const rows = await db
    .insert(cartSessionOrders)
    .values({ ...order, cartSessionId })
    .returning();
  return firstRow(rows, 'insert');
}

/** Every order of some reservations, oldest first. */
export async function ordersOfReservations(
  db: Executor,
  venueId: number,
  reservationIds: readonly number[],
): Promise<(OrderRow & { reservationId: number })[]> {
  if (reservationIds.length === 0) return [];
  const rows = await db
    .select({ order: cartSessionOrders, reservationId: cartSessions.reservationId })
    .from(cartSessionOrders)
    .innerJoin(cartSessions, orderInCart)
    .where(
      and(eq(cartSessionOrders.venueId, venueId), inArray(cartSessions.reservationId, [...reservationIds])),
    )
    .orderBy(asc(cartSessionOrders.id));
  return rows.map((row) => ({ ...row.order, reservationId: row.reservationId }));
}

/** What the kitchen needs of products: menu flag, course change allowed, required roles, stations. */
export interface ProductFacts {
  readonly isMenu: boolean;
  readonly modifyDishClass: boolean;
  readonly requiredRoleNames: string[];
  readonly stations: number[];
}

/** A product's facts (null when not the venue's) and the allergens it contains or may carry traces of. */
interface ProductFactsRow {
  readonly id: number;
  readonly facts: ProductFacts | null;
  readonly allergens: number[];
}

const PRODUCT_FACTS_SQL = `
select coalesce(jsonb_agg(jsonb_build_object('id', i.id,
  'facts', case when p.id is not null then jsonb_build_object(
    'isMenu', p.is_menu,
    'modifyDishClass', p.modify_dish_class,
    'requiredRoleNames', to_jsonb(p.required_role_names),
    'stations', coalesce((select jsonb_agg(s.elaboration_station_id order by s.elaboration_station_id)
      from product_elaboration_stations s where s.venue_id = $1 and s.product_id = i.id), '[]')) end,
  'allergens', coalesce((select jsonb_agg(a.allergen_id) from product_allergens a
    where a.venue_id = $1 and a.product_id = i.id), '[]'))), '[]') as product_facts
from (select distinct jsonb_array_elements_text($2::jsonb)::int as id) i
left join products p on p.venue_id = $1 and p.id = i.id`;

/**
 * The kitchen's view of some products in one prepared read (decision 054): their facts by product (the
 * venue's products only) and their allergens, what a dish is checked against a table's allergies.
 */
export function productFactsRead(
  venueId: number,
  productIds: readonly number[],
): LeanRead<{ facts: Map<number, ProductFacts>; allergens: Map<number, number[]> }> {
  return {
    name: 'kitchen_product_facts',
    text: PRODUCT_FACTS_SQL,
    values: [venueId, JSON.stringify([...new Set(productIds)])],
    decode(row) {
      const rows = (row.product_facts ?? []) as ProductFactsRow[];
      return {
        facts: new Map(rows.flatMap((entry) => (entry.facts ? [[entry.id, entry.facts]] : []))),
        allergens: new Map(rows.map((entry) => [entry.id, entry.allergens])),
      };
    },
  };
}

export async function productFacts(
  db: Executor,
  venueId: number,
  productIds: readonly number[],
): Promise<Map<number, ProductFacts>> {
  return (await leanRead(db, productFactsRead(venueId, productIds))).facts;
}

export function dishClassesOf(db: Executor, venueId: number) {
  return db
    .select({ id: dishClasses.id, name: dishClasses.name, sortOrder: dishClasses.sortOrder })
    .from(dishClasses)
    .where(eq(dishClasses.venueId, venueId))
    .orderBy(asc(dishClasses.sortOrder), asc(dishClasses.id));
}

export function stationsOf(db: Executor, venueId: number) {
  return db
    .select({
      id: elaborationStations.id,
      name: elaborationStations.name,
      elaborationTypeId: elaborationStations.elaborationTypeId,
    })
    .from(elaborationStations)
    .where(eq(elaborationStations.venueId, venueId))
    .orderBy(asc(elaborationStations.sortOrder), asc(elaborationStations.id));
}

/** Lines of a reservation still waiting for their course (held, not voided), locked. */
export function heldLinesOf(db: Executor, venueId: number, reservationId: number): Promise<LineRow[]> {
  return db
    .select()
    .from(productOrders)
    .where(
      and(
        eq(productOrders.venueId, venueId),
        eq(productOrders.reservationId, reservationId),
        eq(productOrders.held, true),
        gte(productOrders.status, PRODUCT_ORDER_STATUS.created),
      ),
    )
    .orderBy(asc(productOrders.id))
    .for('update');
}

export async function insertServiceEvent(
  db: Executor,
  values: typeof serviceEvents.$inferInsert,
): Promise<ServiceEventRow> {
  return firstRow(await db.insert(serviceEvents).values(values).returning(), 'insert');
}

export async function setServiceEventStatus(
  db: Executor,
  venueId: number,
  id: number,
  status: number,
): Promise<void> {
  await db
    .update(serviceEvents)
    .set({ status })
    .where(and(eq(serviceEvents.venueId, venueId), eq(serviceEvents.id, id)));
}

/** The lines of some service events. */
export function linesOfServiceEvents(
  db: Executor,
  venueId: number,
  ids: readonly number[],
): Promise<LineRow[]> {
  return linesWhere(db, venueId, productOrders.serviceEventId, ids);
}

export function serviceEventsOfReservations(
  db: Executor,
  venueId: number,
  reservationIds: readonly number[],
): Promise<ServiceEventRow[]> {
  if (reservationIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(serviceEvents)
    .where(and(eq(serviceEvents.venueId, venueId), inArray(serviceEvents.reservationId, [...reservationIds])))
    .orderBy(asc(serviceEvents.id));
}

/** Lines of some reservations. */
export function linesOfReservations(
  db: Executor,
  venueId: number,
  reservationIds: readonly number[],
): Promise<LineRow[]> {
  return linesWhere(db, venueId, productOrders.reservationId, reservationIds);
}

/** Whether a reservation has a fired course still in the kitchen or on the pass. */
export async function hasFiredUnfinishedCourse(db: Executor, venueId: number, reservationId: number) {
  const [row] = await db
    .select({ id: productOrders.id })
    .from(productOrders)
    .where(
      and(
        eq(productOrders.venueId, venueId),
        eq(productOrders.reservationId, reservationId),
        isNotNull(productOrders.firedAt),
        gte(productOrders.status, PRODUCT_ORDER_STATUS.created),
        lt(productOrders.status, PRODUCT_ORDER_STATUS.served),
      ),
    )
    .limit(1);
  return row !== undefined;
}
