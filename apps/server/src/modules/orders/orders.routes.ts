import { capabilityRef } from '../../lib/capability-ref.ts';
import {
  createCartSessionOrderRequestSchema,
  guestOrderRequestSchema,
  processOrderRequestSchema,
  waitingOrdersRequestSchema,
  createCartSessionOrderResponseSchema,
  guestOrderResponseSchema,
  processOrderResponseSchema,
  waitingOrdersResponseSchema,
} from '@sobremesa/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../http/auth.ts';
import { AppError, unauthenticated } from '../../http/app-error.ts';
import { actingAs, copilotAs } from '../../http/route-roles.ts';
import { runIdempotent } from '../../http/idempotency.ts';
import { requestLocale } from '../../http/locale.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import type { RateLimitRule } from '../rate-limit/rate-limit.service.ts';
import { guestOrder } from './guest-order.ts';
import {
  countOrderRateLimits,
  createOrder,
  processOrder,
  replayOrder,
  waitingOrders,
  type OrderRateLimit,
  type OrderSender,
} from './orders.service.ts';

/**
 * Guest orders per address and per capability (SEC-04). Generous enough for a table of phones and a
 * burst of retries of one order (each retry counts), low enough to stop a script flooding the kitchen.
 */
export const GUEST_ORDERS_PER_ADDRESS: RateLimitRule = {
  name: 'guest-order-ip',
  max: 120,
  windowSeconds: 600,
};
export const GUEST_ORDERS_PER_CAPABILITY: RateLimitRule = {
  name: 'guest-order-uid',
  max: 60,
  windowSeconds: 600,
};

/** The cartsession calls of spec §7 "Orders" (issue 6, decision 009). */
export function registerOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);
  api.post(
    '/world/api/cartsession/createcartsessionorder',
    {
      ...// Staff order without a guest's capability, as the roles that take orders.
      {
        config: {
          access: 'public',
          roles: { matrix: 'ordering', operation: 'takeOrder', when: (input) => input.uid === undefined },
        },
      },
      schema: {
        body: createCartSessionOrderRequestSchema,
        response: { '2xx': createCartSessionOrderResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const venue = request.venue;
      let sender: OrderSender;
      let actor: string;
      let rateLimits: OrderRateLimit[] = [];
      if (body.uid !== undefined) {
        const ref = capabilityRef(body.uid);
        // Counted inside the order's transaction (decision 054), or on their own when the call fails.
        rateLimits = [
          { rule: GUEST_ORDERS_PER_ADDRESS, subject: `${venue.id}:${request.ip}` },
          { rule: GUEST_ORDERS_PER_CAPABILITY, subject: `${venue.id}:${ref}` },
        ];
        sender = { kind: 'guest', uid: body.uid };
        actor = `guest:${ref}`;
      } else {
        if (!request.staff) throw unauthenticated();
        const principal = principalOf(request);
        const caller = actingAs(request, 'ordering');
        sender = { kind: 'staff', caller, principal };
        actor = `staff:${principal.userId}`;
      }
      const rawKey = request.headers['idempotency-key'];
      const key = typeof rawKey === 'string' ? `${actor}:${rawKey}` : null;
      const scope = { venueId: venue.id, actor, route: 'cartsession/createcartsessionorder' };
      try {
        return await runIdempotent(
          ctx,
          request,
          reply,
          scope,
          async (tx) => {
            const created = await createOrder(tx, ctx, venue, sender, body, {
              idempotencyKey: key,
              locale: requestLocale(request),
              rateLimits,
            });
            const stored = { status: created.outcome.result === 0 ? 201 : 200, body: created.outcome };
            return { ...stored, seal: (keyRef) => created.seal(keyRef, stored) };
          },
          // A double tap or a retry without a key would be a second order (issue 17).
          { keyRequired: true, onReplay: replayOrder(ctx, venue.id, rateLimits) },
        );
      } catch (error) {
        // Every attempt counts (SEC-04): one whose transaction rolled back counts on its own (a 429 of
        // the order's own count has passed the limit already).
        if (!(error instanceof AppError && error.status === 429)) await countOrderRateLimits(ctx, rateLimits);
        throw error;
      }
    },
  );

  // The guest's "Ver pedido": the table of the guest's capability, never a table named in the body.
  api.post(
    '/world/api/cartsession/guest-order',
    {
      schema: { body: guestOrderRequestSchema, response: { '2xx': guestOrderResponseSchema } },
      config: { access: 'public' },
    },
    async (request) => {
      const body = request.body;
      return { result: 0, ...(await guestOrder(ctx, request.venue, body.uid)) };
    },
  );

  // The commander's list of orders to validate: whoever may validate may see them.
  api.post(
    '/world/api/cartsession/waiting',
    {
      ...copilotAs({ matrix: 'ordering', operation: 'processOrder' }),
      schema: { body: waitingOrdersRequestSchema, response: { '2xx': waitingOrdersResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      const caller = actingAs(request, 'ordering');
      return {
        result: 0,
        cartSessionOrders: await waitingOrders(ctx, request.venue, caller, body.reservationId),
      };
    },
  );

  api.post(
    '/world/api/cartsession/processorder',
    {
      ...copilotAs({ matrix: 'ordering', operation: 'processOrder' }),
      schema: { body: processOrderRequestSchema, response: { '2xx': processOrderResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      const caller = actingAs(request, 'ordering');
      return {
        result: 0,
        cartSessionOrder: await processOrder(ctx, request.venue, caller, body.cartSessionOrderId),
      };
    },
  );
}
