import type { CartSessionOrder, CreateCartSessionOrderRequest } from '@sobremesa/contracts';
import {
  isAccountClosed,
  orderTotalCents,
  planCourses,
  planOrder,
  priceLine,
  unitPriceCents,
  type Locale,
  type PlannedChoice,
  type PlannedLine as DomainPlannedLine,
  CART_SESSION_STATUS,
  PRODUCT_ORDER_STATUS,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { leanQuery } from '../../db/lean.ts';
import type { IdempotencyKeyRef, StoredReply } from '../../http/idempotency.ts';
import { AppError, conflict, notFound } from '../../http/app-error.ts';
import { translate } from '../../i18n/messages.ts';
import type { OrderingCaller } from '../menus/menus.service.ts';
import { MENU_CHANNEL, notifyTableOrderChanged, tableLiveKey } from '../menus/menus.service.ts';
import {
  acceptLines,
  announceArrival,
  insertLines,
  insertOrderWithCart,
  lockCartSessionOrder,
  updateCartSessionOrder,
  type NewLine,
  type NewServiceEvent,
} from '../kitchen/kitchen.service.ts';
import { rateLimited, type RateLimitRule } from '../rate-limit/rate-limit.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import { accessReservation } from '../reservations/reservations.service.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  linesOfOrder,
  orderCatalogue,
  ordersOfReservation,
  type CartSessionOrderRow,
  type OrderCatalogue,
  type ProductOrderRow,
} from './orders.repository.ts';

/** Who sends an order: a guest through their capability, or staff through the commander. */
export type OrderSender =
  | { readonly kind: 'guest'; readonly uid: string }
  | { readonly kind: 'staff'; readonly caller: OrderingCaller; readonly principal: StaffPrincipal };

type Choice = PlannedChoice;

/** A line of an order planned from the catalogue (`planOrder`), ready to be written. */
export type PlannedLine = DomainPlannedLine<OrderCatalogue['productRows'][number]>;

/**
 * Prices and checks every line from the venue's catalogue (`planOrder`, SEC-10) and answers its problems
 * as before: an unknown sku (or an invisible product for a guest) 404, bad fields 400, a sold-out
 * product 409 `product_unavailable` with the skus.
 */
export function planLines(
  catalogue: OrderCatalogue,
  lines: CreateCartSessionOrderRequest['products'],
  sender: OrderSender['kind'],
): PlannedLine[] {
  const plan = planOrder(catalogue, lines, sender);
  if (plan.ok) return plan.lines;
  switch (plan.problem.kind) {
    case 'unknown_product':
      throw notFound();
    case 'invalid':
      throw new AppError(400, 'VALIDATION_FAILED', 'validation_failed', { fields: [...plan.problem.fields] });
    case 'unavailable':
      throw new AppError(409, 'CONFLICT', 'product_unavailable', {
        extra: { unavailableSkus: [...plan.problem.skus] },
      });
  }
}

function orderView(
  order: CartSessionOrderRow,
  reservationId: number,
  lines: readonly ProductOrderRow[],
): CartSessionOrder {
  const items = lines.map((line) => {
    const priced = priceLine(unitPriceCents(line.priceCents, []), line.units, line.vatRateBp);
    return {
      productOrderId: line.id,
      parentId: line.parentId,
      productSku: line.productSku,
      name: line.productName,
      type: line.productType,
      units: line.units,
      statusProductOrder: line.status,
      unitPriceCents: line.priceCents,
      totalCents: priced.totalCents,
      vatRateBp: line.vatRateBp,
      dishClass: line.dishClassId,
      menuIncluded: line.menuIncluded,
      choices: (line.choices as Choice[]) ?? [],
      comments: line.comments,
      staffComments: line.staffComments,
    };
  });
  return {
    id: order.id,
    reservationId,
    cartSessionStatus: order.status,
    source: order.source,
    clientMessage: order.clientMessage,
    createdDateTime: order.createdAt.toISOString(),
    totalCents: orderTotalCents(items),
    items,
  };
}

/** What the route replies: the order, or the spec's result -2 for a finished reservation. */
export type CreateOrderOutcome =
  | { readonly result: 0; readonly cartSessionOrder: CartSessionOrder }
  | { readonly result: -2; readonly code: 'RESERVATION_FINISHED'; readonly message: string };

/** A rate limit the order counts inside its transaction (the guest's per address and per capability). */
export interface OrderRateLimit {
  readonly rule: RateLimitRule;
  readonly subject: string;
}

/** The skus an order names: its lines' and its menu choices'. */
function orderedSkus(input: CreateCartSessionOrderRequest): string[] {
  return input.products.flatMap((line) => [line.sku, ...(line.menuChoices ?? []).map((pick) => pick.sku)]);
}

/**
 * The rows of an order's lines in their final state, menu courses right after their menu line: with
 * course firing (decision 026) later courses held and the course going now fired in its service event.
 */
function newLines(
  planned: readonly PlannedLine[],
  status: number,
  courses: { heldDishClassIds: readonly number[]; order: ReadonlyMap<number, number> } | null,
): { lines: NewLine[]; events: NewServiceEvent[] } {
  const lines: Omit<NewLine, 'held' | 'fired' | 'event'>[] = [];
  for (const line of planned) {
    const parent = lines.length;
    lines.push({
      parent: null,
      productId: line.product.id,
      productSku: line.product.sku,
      productName: line.product.name,
      productType: line.product.type,
      units: line.units,
      status,
      dishClassId: line.dishClassId,
      choices: line.choices,
      priceCents: line.unitPriceCents,
      toggledPriceCents: 0,
      vatRateBp: line.product.vatRateBp,
      isShareable: line.isShareable,
      menuIncluded: false,
      comments: line.comments,
      staffComments: line.staffComments,
    });
    for (const child of line.children)
      lines.push({
        parent,
        productId: child.product.id,
        productSku: child.product.sku,
        productName: child.product.name,
        productType: child.product.type,
        units: line.units,
        status,
        dishClassId: child.dishClassId,
        choices: child.choices,
        priceCents: child.priceCents,
        toggledPriceCents: child.onItsOwnCents,
        vatRateBp: line.product.vatRateBp,
        isShareable: false,
        menuIncluded: true,
        comments: null,
        staffComments: null,
      });
  }
  if (!courses)
    return { lines: lines.map((line) => ({ ...line, held: false, fired: false, event: null })), events: [] };
  const plan = planCourses(lines, courses.heldDishClassIds, courses.order);
  return {
    lines: lines.map((line, index) => ({ ...line, ...plan.lines[index]! })),
    events: [...plan.events],
  };
}

const SEAL_ORDER_SQL = `
with limits as (
  insert into rate_limit_buckets (key, window_start, hits)
  select r.key, r.window_start, 1 from jsonb_to_recordset($1::jsonb) as r(key text, window_start timestamptz)
  on conflict (key, window_start) do update set hits = rate_limit_buckets.hits + excluded.hits
  returning key, hits
), stored as (
  update idempotency_keys set response_status = $2, response_body = $3::jsonb
  where $4::boolean and venue_id = $5 and actor = $6 and key = $7
  returning 1
), notified as (
  select pg_notify($8, $9) where $9::text is not null
)
select (select jsonb_agg(jsonb_build_object('key', key, 'hits', hits)) from limits) as limits,
  (select count(*) from stored)::int as stored, (select count(*) from notified)::int as notified`;

/**
 * The order's last statement but the outbox append: its rate limits counted (429 when one is passed,
 * which rolls the order back), its reply stored under the Idempotency-Key, its table's guests told
 * (decision 028). One round trip for what were seven.
 */
async function sealOrder(
  tx: Transaction,
  ctx: AppContext,
  venueId: number,
  limits: readonly OrderRateLimit[],
  stored: { key: IdempotencyKeyRef; reply: StoredReply } | null,
  tableKey: string | null,
): Promise<void> {
  const buckets = limits.map((limit) => ({ ...ctx.rateLimiter.bucket(limit.rule, limit.subject), limit }));
  const [row] = await leanQuery<{ limits: { key: string; hits: number }[] | null }>(
    tx,
    'order_seal',
    SEAL_ORDER_SQL,
    [
      JSON.stringify(
        buckets.map((bucket) => ({ key: bucket.key, window_start: bucket.start.toISOString() })),
      ),
      stored?.reply.status ?? 0,
      JSON.stringify(stored?.reply.body ?? null),
      stored !== null,
      stored?.key.venueId ?? venueId,
      stored?.key.actor ?? '',
      stored?.key.key ?? '',
      MENU_CHANNEL,
      tableKey === null ? null : `${venueId}|${JSON.stringify({ tableKey })}`,
    ],
  );
  for (const bucket of buckets) {
    const hits = Number(row?.limits?.find((entry) => entry.key === bucket.key)?.hits ?? 0);
    if (hits > bucket.limit.rule.max) throw rateLimited(bucket.retryAfterSeconds);
  }
}

/** Counts an order's rate limits on their own, for a call that failed before its last statement. */
export async function countOrderRateLimits(
  ctx: AppContext,
  limits: readonly OrderRateLimit[],
): Promise<void> {
  for (const limit of limits) await ctx.rateLimiter.consume(limit.rule, limit.subject);
}

/** A replayed order counts its rate limits like a new one. */
export function replayOrder(
  ctx: AppContext,
  venueId: number,
  limits: readonly OrderRateLimit[],
): (tx: Transaction) => Promise<void> {
  return (tx) => sealOrder(tx, ctx, venueId, limits, null, null);
}

/**
 * createcartsessionorder inside the caller's (idempotent) transaction: the reservation is locked and
 * checked, every line priced from the products the order names, the order and its lines written in their
 * final state (courses planned first, decision 026), and staff screens told (`order.created`, RT-01).
 * With `cartStaffValidation` the order waits for `processorder`; otherwise its lines are accepted at once
 * for kitchen and bar. About a dozen statements (decision 054): the reply's `seal` counts the rate limits,
 * stores the reply and tells the table's guests in one, then appends the outbox event last before COMMIT.
 */
export async function createOrder(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  sender: OrderSender,
  input: CreateCartSessionOrderRequest,
  options: { idempotencyKey: string | null; locale: Locale; rateLimits?: readonly OrderRateLimit[] },
): Promise<{
  outcome: CreateOrderOutcome;
  seal: (key: IdempotencyKeyRef | null, reply: StoredReply) => Promise<void>;
}> {
  const limits = options.rateLimits ?? [];
  const access = await accessReservation(tx, ctx, venue, {
    ref: input.orderInfo.reservationId,
    uid: sender.kind === 'guest' ? sender.uid : undefined,
    staff: sender.kind === 'staff' ? sender.principal : null,
    purposes: ['reservation', 'menu'],
    lock: true,
  });
  const row = access.row;
  if (isAccountClosed(row)) {
    return {
      outcome: {
        result: -2,
        code: 'RESERVATION_FINISHED',
        message: translate('reservation_finished', options.locale),
      },
      seal: (key, reply) => sealOrder(tx, ctx, venue.id, limits, key && { key, reply }, null),
    };
  }
  if (sender.kind === 'guest') {
    if (venue.settings.defaultMenuOrderConfig.menuOrderEnabled !== 1)
      throw new AppError(403, 'FORBIDDEN', 'menu_order_disabled');
    if (!row.menuAccessEnabled) throw new AppError(409, 'CONFLICT', 'menu_access_not_enabled');
  }
  const firesByCourse = venue.settings.copilot_multiple_service_event_product_orders;
  const { catalogue, heldDishClassIds } = await orderCatalogue(
    tx,
    venue.id,
    orderedSkus(input),
    firesByCourse ? { reservationId: row.id } : null,
  );
  const planned = planLines(catalogue, input.products, sender.kind);
  const waits = venue.settings.defaultMenuOrderConfig.cartStaffValidation && sender.kind === 'guest';
  const now = ctx.clock.now();
  const order = await insertOrderWithCart(tx, {
    venueId: venue.id,
    reservationId: row.id,
    status: waits ? CART_SESSION_STATUS.waiting : CART_SESSION_STATUS.inKitchen,
    clientMessage: input.orderInfo.clientMessage?.trim() || null,
    source: sender.kind === 'guest' ? 2 : input.orderInfo.source,
    createdByGuestId: sender.kind === 'guest' ? access.guestId : null,
    createdByUserId: sender.kind === 'staff' ? sender.principal.userId : null,
    processedAt: waits ? null : now,
    processedByUserId: !waits && sender.kind === 'staff' ? sender.principal.userId : null,
    processedByRoleId: !waits && sender.kind === 'staff' ? sender.caller.roleId : null,
    idempotencyKey: options.idempotencyKey,
  });
  const createdBy = sender.kind === 'staff' ? sender.principal.userId : null;
  const courseOrder = new Map(catalogue.dishClassRows.map((dishClass, index) => [dishClass.id, index]));
  const written = newLines(
    planned,
    waits ? PRODUCT_ORDER_STATUS.created : PRODUCT_ORDER_STATUS.accepted,
    firesByCourse ? { heldDishClassIds, order: courseOrder } : null,
  );
  const lines = await insertLines(
    tx,
    {
      venueId: venue.id,
      reservationId: row.id,
      cartSessionOrderId: order.id,
      now,
      createdByUserId: createdBy,
    },
    written.events,
    written.lines,
  );
  const view = orderView(order, row.id, lines);
  return {
    outcome: { result: 0, cartSessionOrder: view },
    seal: async (key, reply) => {
      if (!waits)
        await announceArrival(tx, ctx, venue, {
          key: `order-${order.id}`,
          lines,
          senderUserId: createdBy,
          orderMessage: order.clientMessage,
          fired: false,
        });
      await sealOrder(tx, ctx, venue.id, limits, key && { key, reply }, tableLiveKey(row.wid));
      await appendEvent(tx, venue.id, 'order.created', {
        cartSessionOrderId: order.id,
        reservationId: row.id,
        wid: row.wid,
        cartSessionStatus: order.status,
        source: order.source,
        itemCount: lines.length,
        totalCents: view.totalCents,
      });
    },
  };
}

/**
 * A guest's order on an account without a table (takeaway, issue 27): written waiting for staff, who
 * accept it (processorder) before kitchen and bar see its lines.
 */
export async function insertWaitingOrder(
  tx: Transaction,
  venueId: number,
  reservationId: number,
  clientMessage: string | null,
  planned: readonly PlannedLine[],
): Promise<number> {
  const order = await insertOrderWithCart(tx, {
    venueId,
    reservationId,
    status: CART_SESSION_STATUS.waiting,
    clientMessage,
    source: 2,
    createdByGuestId: null,
    createdByUserId: null,
    processedAt: null,
    processedByUserId: null,
    processedByRoleId: null,
    idempotencyKey: null,
  });
  const written = newLines(planned, PRODUCT_ORDER_STATUS.created, null);
  await insertLines(
    tx,
    { venueId, reservationId, cartSessionOrderId: order.id, now: null, createdByUserId: null },
    written.events,
    written.lines,
  );
  return order.id;
}

/** processorder: staff validate a waiting order with their role; its lines go to kitchen and bar. */
export async function processOrder(
  ctx: AppContext,
  venue: Venue,
  caller: OrderingCaller,
  cartSessionOrderId: number,
): Promise<CartSessionOrder> {
  return ctx.db.transaction((tx) => processOrderIn(tx, ctx, venue, caller, cartSessionOrderId));
}

/** processorder inside the caller's transaction (a takeaway order accepted with its own status, issue 27). */
export async function processOrderIn(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: OrderingCaller,
  cartSessionOrderId: number,
): Promise<CartSessionOrder> {
  const found = await lockCartSessionOrder(tx, venue.id, cartSessionOrderId);
  if (!found) throw notFound();
  if (found.order.status !== CART_SESSION_STATUS.waiting) throw conflict();
  const order = await updateCartSessionOrder(tx, venue.id, found.order.id, {
    status: CART_SESSION_STATUS.inKitchen,
    processedAt: ctx.clock.now(),
    processedByUserId: caller.principal.userId,
    processedByRoleId: caller.roleId,
  });
  await acceptLines(tx, venue.id, order.id);
  const lines = await linesOfOrder(tx, venue.id, order.id);
  await announceArrival(tx, ctx, venue, {
    key: `order-${order.id}`,
    lines,
    senderUserId: caller.principal.userId,
    orderMessage: order.clientMessage,
    fired: false,
  });
  await appendEvent(tx, venue.id, 'order.processed', {
    cartSessionOrderId: order.id,
    reservationId: found.reservationId,
    cartSessionStatus: order.status,
    roleId: caller.roleId,
  });
  await notifyTableOrderChanged(tx, venue.id, [found.reservationId]);
  return orderView(order, found.reservationId, lines);
}

/** A reservation's orders waiting for staff validation (`cartStaffValidation`), oldest first. */
export async function waitingOrders(
  ctx: AppContext,
  venue: Venue,
  caller: OrderingCaller,
  ref: number | string,
): Promise<CartSessionOrder[]> {
  const access = await accessReservation(ctx.db, ctx, venue, {
    ref,
    staff: caller.principal,
    purposes: ['reservation'],
  });
  const orders = await ordersOfReservation(ctx.db, venue.id, access.row.id, CART_SESSION_STATUS.waiting);
  return Promise.all(
    orders.map(async (order) =>
      orderView(order, access.row.id, await linesOfOrder(ctx.db, venue.id, order.id)),
    ),
  );
}
