// createcartsessionorder: an order taken in one transaction, its rate limits and reply sealed in one statement.
import {
  STATION_TICKETS_TOPIC,
  type CartSessionOrder,
  type CreateCartSessionOrderRequest,
} from '@sobremesa/contracts';
import { isAccountClosed, type Locale, CART_SESSION_STATUS, PRODUCT_ORDER_STATUS } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { leanQuery } from '../../db/lean.ts';
import type { IdempotencyKeyRef, StoredReply } from '../../http/idempotency.ts';
import { AppError } from '../../http/app-error.ts';
import { translate } from '../../i18n/messages.ts';
import { MENU_CHANNEL, tableLiveKey } from '../menus/menus.service.ts';
import { arrivalTickets, insertOrderWithLines } from '../kitchen/kitchen.service.ts';
import { rateLimited, type RateLimitRule } from '../rate-limit/rate-limit.service.ts';
import { outboxAppendCtes, outboxEventsParameter, type OutboxEvent } from '../realtime/realtime.service.ts';
import { accessReservation } from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { orderCatalogue } from './orders.repository.ts';
import { newLines, orderView, planLines, type OrderSender } from './order-lines.ts';

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

const SEAL_CTES = `
limits as (
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
)`;
const SEAL_COLUMNS = `(select jsonb_agg(jsonb_build_object('key', key, 'hits', hits)) from limits) as limits,
  (select count(*) from stored)::int as stored, (select count(*) from notified)::int as notified`;
const SEAL_ORDER_SQL = `with ${SEAL_CTES} select ${SEAL_COLUMNS}`;
/** The seal with the order's events (its tickets, `order.created`) appended to the outbox, last, in the same statement. */
const SEAL_AND_APPEND_SQL = `with ${SEAL_CTES}, ${outboxAppendCtes(10)}
select ${SEAL_COLUMNS}, (select max(seq) from appended) as seq`;

/**
 * The order's last statement: its rate limits counted (429 when one is passed, which rolls the order
 * back), its reply stored under the Idempotency-Key, its table's guests told (decision 028) and its
 * `events` appended to the outbox last, so the venue's counter lock is held for this round trip and the
 * commit. One round trip for what were nine.
 */
async function sealOrder(
  tx: Transaction,
  ctx: AppContext,
  venueId: number,
  limits: readonly OrderRateLimit[],
  stored: { key: IdempotencyKeyRef; reply: StoredReply } | null,
  tableKey: string | null,
  events: readonly OutboxEvent[] = [],
): Promise<void> {
  const buckets = limits.map((limit) => ({ ...ctx.rateLimiter.bucket(limit.rule, limit.subject), limit }));
  const [row] = await leanQuery<{ limits: { key: string; hits: number }[] | null }>(
    tx,
    events.length > 0 ? 'order_seal_append' : 'order_seal',
    events.length > 0 ? SEAL_AND_APPEND_SQL : SEAL_ORDER_SQL,
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
      ...(events.length > 0 ? [venueId, outboxEventsParameter(events)] : []),
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
 * stores the reply, tells the table's guests and appends the outbox event in one, last before COMMIT.
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
  const createdBy = sender.kind === 'staff' ? sender.principal.userId : null;
  const courseOrder = new Map(catalogue.dishClassRows.map((dishClass, index) => [dishClass.id, index]));
  const written = newLines(
    planned,
    waits ? PRODUCT_ORDER_STATUS.created : PRODUCT_ORDER_STATUS.accepted,
    firesByCourse ? { heldDishClassIds, order: courseOrder } : null,
  );
  // The order's creator is its lines' too.
  const { order, lines } = await insertOrderWithLines(
    tx,
    {
      venueId: venue.id,
      reservationId: row.id,
      status: waits ? CART_SESSION_STATUS.waiting : CART_SESSION_STATUS.inKitchen,
      clientMessage: input.orderInfo.clientMessage?.trim() || null,
      source: sender.kind === 'guest' ? 2 : input.orderInfo.source,
      createdByGuestId: sender.kind === 'guest' ? access.guestId : null,
      createdByUserId: createdBy,
      processedAt: waits ? null : now,
      processedByUserId: !waits && sender.kind === 'staff' ? sender.principal.userId : null,
      processedByRoleId: !waits && sender.kind === 'staff' ? sender.caller.roleId : null,
      idempotencyKey: options.idempotencyKey,
      firedAt: now,
    },
    written.events,
    written.lines,
  );
  const view = orderView(order, row.id, lines);
  return {
    outcome: { result: 0, cartSessionOrder: view },
    seal: async (key, reply) => {
      // The tickets of what reaches the stations now, appended before the order's own event.
      const tickets = waits
        ? null
        : await arrivalTickets(
            tx,
            ctx,
            venue,
            {
              key: `order-${order.id}`,
              lines,
              senderUserId: createdBy,
              orderMessage: order.clientMessage,
              fired: false,
            },
            [row],
          );
      const created: OutboxEvent<'order.created'> = {
        topic: 'order.created',
        payload: {
          cartSessionOrderId: order.id,
          reservationId: row.id,
          wid: row.wid,
          cartSessionStatus: order.status,
          source: order.source,
          itemCount: lines.length,
          totalCents: view.totalCents,
        },
      };
      await sealOrder(tx, ctx, venue.id, limits, key && { key, reply }, tableLiveKey(row.wid), [
        ...(tickets ? [{ topic: STATION_TICKETS_TOPIC, payload: tickets } satisfies OutboxEvent] : []),
        created,
      ]);
    },
  };
}
