// The writes of orders and their lines (decision 068: kitchen owns cart_sessions, cart_session_orders,
// product_orders and service_events). The order call's inserts are hand-written and prepared once per
// connection (issue 21, decision 054).
import { CART_SESSION_STATUS, PRODUCT_ORDER_STATUS } from '@sobremesa/domain';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { leanRows } from '../../db/lean-rows.ts';
import { leanQuery } from '../../db/lean.ts';
import { cartSessionOrders, cartSessions, productOrders, serviceEvents } from '../../db/schema/index.ts';

type CartSessionOrderRow = typeof cartSessionOrders.$inferSelect;
type ProductOrderRow = typeof productOrders.$inferSelect;

/** Joins an order to its cart session (whose reservation is the account the order is on). */
export const orderInCart = and(
  eq(cartSessions.venueId, cartSessionOrders.venueId),
  eq(cartSessions.id, cartSessionOrders.cartSessionId),
);

/** An order of the venue with its reservation, locked for the transaction. */
export async function lockCartSessionOrder(db: Executor, venueId: number, id: number) {
  const [row] = await db
    .select({ order: cartSessionOrders, reservationId: cartSessions.reservationId })
    .from(cartSessionOrders)
    .innerJoin(cartSessions, orderInCart)
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

/** Accepts the created lines of an order (sent to kitchen and bar). */
export async function acceptLines(db: Executor, venueId: number, cartSessionOrderId: number): Promise<void> {
  await db
    .update(productOrders)
    .set({ status: PRODUCT_ORDER_STATUS.accepted })
    .where(
      and(
        eq(productOrders.venueId, venueId),
        eq(productOrders.cartSessionOrderId, cartSessionOrderId),
        eq(productOrders.status, PRODUCT_ORDER_STATUS.created),
      ),
    );
}

const orderRows = leanRows(cartSessionOrders, 'o');

/** A line to write, in its final state; `parent` and `event` point at earlier entries by position. */
export interface NewLine {
  readonly parent: number | null;
  readonly event: number | null;
  readonly productId: number;
  readonly productSku: string;
  readonly productName: string;
  readonly productType: string;
  readonly units: number;
  readonly status: number;
  readonly dishClassId: number | null;
  readonly choices: unknown;
  readonly priceCents: number;
  readonly toggledPriceCents: number;
  readonly vatRateBp: number;
  readonly isShareable: boolean;
  readonly menuIncluded: boolean;
  readonly held: boolean;
  readonly fired: boolean;
  readonly comments: string | null;
  readonly staffComments: string | null;
}

/** A service event a new course opens. */
export interface NewServiceEvent {
  readonly dishClassId: number;
  readonly status: number;
}

const lineRows = leanRows(productOrders, 'l');

const INSERT_ORDER_SQL = `
with fresh as (
  insert into cart_sessions (venue_id, reservation_id) values ($1, $2) on conflict do nothing returning id
), cart as (
  select id from fresh
  union all
  select id from cart_sessions where venue_id = $1 and reservation_id = $2
  limit 1
), new_order as (
  insert into cart_session_orders (venue_id, cart_session_id, status, client_message, source,
    created_by_guest_id, created_by_user_id, processed_at, processed_by_user_id, processed_by_role_id,
    idempotency_key)
  select $1, cart.id, $3, $4, $5, $6, $7, $8::timestamptz, $9, $10, $11 from cart
  returning *
), event_ids as materialized (
  select nextval(pg_get_serial_sequence('service_events', 'id'))::int as id, ord
  from jsonb_to_recordset($13::jsonb) as r(ord int)
), events as (
  insert into service_events (id, venue_id, reservation_id, dish_class_id, status, fired_at)
  select e.id, $1, $2, r.dish_class_id, r.status, $12::timestamptz
  from jsonb_to_recordset($13::jsonb) as r(ord int, dish_class_id int, status int)
  join event_ids e on e.ord = r.ord
  returning id
), line_ids as materialized (
  select nextval(pg_get_serial_sequence('product_orders', 'id'))::int as id, ord
  from jsonb_to_recordset($14::jsonb) as r(ord int)
), new_lines as (
  insert into product_orders (id, venue_id, reservation_id, cart_session_order_id, service_event_id,
    parent_id, product_id, product_sku, product_name, product_type, units, status, dish_class_id, choices,
    price_cents, toggled_price_cents, vat_rate_bp, is_shareable, menu_included, held, fired_at, comments,
    staff_comments, created_by_user_id)
  select l.id, $1, $2, (select id from new_order), e.id, p.id, r."productId", r."productSku",
    r."productName", r."productType", r.units, r.status, r."dishClassId", r.choices, r."priceCents",
    r."toggledPriceCents", r."vatRateBp", r."isShareable", r."menuIncluded", r.held,
    case when r.fired then $12::timestamptz end, r.comments, r."staffComments", $7
  from jsonb_to_recordset($14::jsonb) as r(ord int, parent int, event int, "productId" int,
    "productSku" text, "productName" text, "productType" text, units int, status int, "dishClassId" int,
    choices jsonb, "priceCents" bigint, "toggledPriceCents" bigint, "vatRateBp" int, "isShareable" boolean,
    "menuIncluded" boolean, held boolean, fired boolean, comments text, "staffComments" text)
  join line_ids l on l.ord = r.ord
  left join line_ids p on p.ord = r.parent
  left join event_ids e on e.ord = r.event
  returning *
)
select (select to_jsonb(o) from (select ${orderRows.columns} from new_order o) o) as "order",
  coalesce((select jsonb_agg(to_jsonb(l) order by l.id) from (select ${lineRows.columns} from new_lines l) l),
    '[]') as lines`;

/**
 * An order with every line (menu courses under their menu) and the service events its courses open, in
 * one statement and already in their final state; on the account's first order its cart session too (the
 * reservation is locked by the caller, so no other transaction creates it meanwhile). Ids are drawn from
 * the sequences up front, so a course dish names its menu line and a fired line its event without a
 * second round trip. The lines come back in id order, which is the order given.
 */
export async function insertOrderWithLines(
  db: Executor,
  values: {
    venueId: number;
    reservationId: number;
    status: number;
    clientMessage: string | null;
    source: number;
    createdByGuestId: number | null;
    createdByUserId: number | null;
    processedAt: Date | null;
    processedByUserId: number | null;
    processedByRoleId: number | null;
    idempotencyKey: string | null;
    /** When fired lines and their events were fired; null for an order with none. */
    firedAt: Date | null;
  },
  events: readonly NewServiceEvent[],
  lines: readonly NewLine[],
): Promise<{ order: CartSessionOrderRow; lines: ProductOrderRow[] }> {
  const [row] = await leanQuery<{ order: Record<string, unknown> | null; lines: Record<string, unknown>[] }>(
    db,
    'order_insert',
    INSERT_ORDER_SQL,
    [
      values.venueId,
      values.reservationId,
      values.status,
      values.clientMessage,
      values.source,
      values.createdByGuestId,
      values.createdByUserId,
      values.processedAt?.toISOString() ?? null,
      values.processedByUserId,
      values.processedByRoleId,
      values.idempotencyKey,
      values.firedAt?.toISOString() ?? null,
      JSON.stringify(
        events.map((event, ord) => ({ ord, dish_class_id: event.dishClassId, status: event.status })),
      ),
      JSON.stringify(lines.map((line, ord) => ({ ord, ...line }))),
    ],
  );
  if (!row?.order) throw new Error('order insert returned no order');
  return {
    order: orderRows.row(row.order),
    lines: row.lines.map((line) => lineRows.row(line)),
  };
}

/**
 * Moves an account's orders to another account (merge): its lines and service events are charged to the
 * target, and its cart's orders join the target's cart (created if the target has none).
 */
export async function moveAccountContents(
  db: Executor,
  venueId: number,
  fromReservationId: number,
  toReservationId: number,
): Promise<void> {
  await db
    .update(productOrders)
    .set({ reservationId: toReservationId })
    .where(and(eq(productOrders.venueId, venueId), eq(productOrders.reservationId, fromReservationId)));
  await db
    .update(serviceEvents)
    .set({ reservationId: toReservationId })
    .where(and(eq(serviceEvents.venueId, venueId), eq(serviceEvents.reservationId, fromReservationId)));
  const [fromCart] = await cartsOf(db, venueId, fromReservationId);
  if (!fromCart) return;
  const toCartId = await ensureCart(db, venueId, toReservationId);
  await db
    .update(cartSessionOrders)
    .set({ cartSessionId: toCartId })
    .where(and(eq(cartSessionOrders.venueId, venueId), eq(cartSessionOrders.cartSessionId, fromCart.id)));
}

/** The id of an account's cart session, created when it has none. */
export async function ensureCart(db: Executor, venueId: number, reservationId: number): Promise<number> {
  await db.insert(cartSessions).values({ venueId, reservationId }).onConflictDoNothing();
  const [cart] = await cartsOf(db, venueId, reservationId);
  if (!cart) throw new Error('cart session missing after upsert');
  return cart.id;
}

/**
 * Marks lines of an account paid (only those not paid yet), by `paymentId` when one payment paid them by
 * items; returns the ids it marked.
 */
export async function markLinesPaid(
  db: Executor,
  venueId: number,
  reservationId: number,
  ids: readonly number[],
  at: Date,
  paymentId: number | null,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(productOrders)
    .set({ paidAt: at, paidByPaymentId: paymentId })
    .where(
      and(
        eq(productOrders.venueId, venueId),
        eq(productOrders.reservationId, reservationId),
        inArray(productOrders.id, [...ids]),
        isNull(productOrders.paidAt),
      ),
    )
    .returning({ id: productOrders.id });
  return rows.map((row) => row.id);
}

/** The lines a voided payment had paid by items go back among the unpaid; returns their ids. */
export async function unmarkLinesPaidBy(db: Executor, venueId: number, paymentId: number): Promise<number[]> {
  const rows = await db
    .update(productOrders)
    .set({ paidAt: null, paidByPaymentId: null })
    .where(and(eq(productOrders.venueId, venueId), eq(productOrders.paidByPaymentId, paymentId)))
    .returning({ id: productOrders.id });
  return rows.map((row) => row.id);
}

/**
 * Rejects an account's lines not made yet (-4), with the lines of `alsoSkus` whatever their status (a
 * delivery's fee, served from the start), and cancels its orders: a takeaway order refused or unpaid.
 */
export async function rejectAccountLines(
  db: Executor,
  venueId: number,
  reservationId: number,
  alsoSkus: readonly string[],
): Promise<void> {
  await db
    .update(productOrders)
    .set({ status: PRODUCT_ORDER_STATUS.rejected })
    .where(
      and(
        eq(productOrders.venueId, venueId),
        eq(productOrders.reservationId, reservationId),
        or(
          inArray(productOrders.status, [PRODUCT_ORDER_STATUS.created, PRODUCT_ORDER_STATUS.accepted]),
          alsoSkus.length > 0 ? inArray(productOrders.productSku, [...alsoSkus]) : undefined,
        ),
      ),
    );
  await db
    .update(cartSessionOrders)
    .set({ status: CART_SESSION_STATUS.cancelled })
    .where(
      and(
        eq(cartSessionOrders.venueId, venueId),
        inArray(cartSessionOrders.cartSessionId, cartsOf(db, venueId, reservationId)),
      ),
    );
}

/**
 * Locks an account's orders, then its lines, each in id order: the order the kitchen locks them in before
 * it moves a takeaway order (decision 010), so another module's change and a cook's tap queue, never deadlock.
 */
export async function lockAccountLines(db: Executor, venueId: number, reservationId: number): Promise<void> {
  await db
    .select({ id: cartSessionOrders.id })
    .from(cartSessionOrders)
    .where(
      and(
        eq(cartSessionOrders.venueId, venueId),
        inArray(cartSessionOrders.cartSessionId, cartsOf(db, venueId, reservationId)),
      ),
    )
    .orderBy(asc(cartSessionOrders.id))
    .for('update');
  await db
    .select({ id: productOrders.id })
    .from(productOrders)
    .where(and(eq(productOrders.venueId, venueId), eq(productOrders.reservationId, reservationId)))
    .orderBy(asc(productOrders.id))
    .for('update');
}

/** The cart session of an account, as a subquery. */
function cartsOf(db: Executor, venueId: number, reservationId: number) {
  return db
    .select({ id: cartSessions.id })
    .from(cartSessions)
    .where(and(eq(cartSessions.venueId, venueId), eq(cartSessions.reservationId, reservationId)));
}

/** Puts a line on an account that is served from the start: nothing for kitchen or bar to make (a fee). */
export async function addServedLine(
  db: Executor,
  line: Omit<typeof productOrders.$inferInsert, 'status' | 'dateServed'> & { servedAt: Date },
): Promise<void> {
  const { servedAt, ...values } = line;
  await db
    .insert(productOrders)
    .values({ ...values, status: PRODUCT_ORDER_STATUS.served, dateServed: servedAt });
}
