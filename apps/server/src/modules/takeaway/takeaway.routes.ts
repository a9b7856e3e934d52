import {
  acceptTakeawayRequestSchema,
  advanceTakeawayRequestSchema,
  createTakeawayOrderRequestSchema,
  getTakeawayRequestSchema,
  pauseTakeawayRequestSchema,
  refuseTakeawayRequestSchema,
  resumeTakeawayRequestSchema,
  takeawayEventsQuerySchema,
  takeawaySlotsRequestSchema,
  takeawayStatusRequestSchema,
  createTakeawayOrderResponseSchema,
  getTakeawayResponseSchema,
  takeawaySlotsResponseSchema,
  takeawayStatusResponseSchema,
  takeawayConfigResponseSchema,
  takeawayPauseResponseSchema,
  staffTakeawayReplySchema,
} from '@sobremesa/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../http/auth.ts';
import { hijackForEventStream, StreamGate, streamLimits } from '../../http/event-stream.ts';
import { actingAs, callerIfAdmitted, copilotAs } from '../../http/route-roles.ts';
import { runIdempotent } from '../../http/idempotency.ts';
import { requestLocale } from '../../http/locale.ts';
import { requestOrigin } from '../../http/security.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import { expireStalePayments } from '../payments/payments.service.ts';
import type { RateLimitRule } from '../rate-limit/rate-limit.service.ts';
import { setTakeawayPause } from './takeaway-pause.ts';
import { mailTakeawayNews } from './takeaway-email.ts';
import { MAX_TAKEAWAY_STREAMS_PER_ADDRESS, TakeawayEvents } from './takeaway-events.ts';
import { acceptTakeaway, advanceTakeaway, refuseTakeaway, type TakeawayMove } from './takeaway-staff.ts';
import {
  createTakeawayOrder,
  takeawayConfig,
  takeawayOfDay,
  takeawaySchedule,
  takeawaySlots,
  takeawayStatus,
} from './takeaway.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Open guest order pages' live streams of this instance. */
    takeawayEvents: TakeawayEvents;
  }
}

/** Online orders per address (SEC-04): a family ordering twice and retrying passes, a script does not. */
export const TAKEAWAY_ORDERS_PER_ADDRESS: RateLimitRule = {
  name: 'takeaway-order-ip',
  max: 30,
  windowSeconds: 600,
};

/** Takeaway and delivery (issue 27, decision 036): the guest form's calls and staff's day list. */
export function registerTakeawayRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);
  const events = new TakeawayEvents(ctx, app.log);
  app.decorate('takeawayEvents', events);
  app.addHook('onReady', async () => events.start());
  app.addHook('preClose', async () => events.closeAll());
  app.addHook('onClose', async () => events.stop());
  const streams = new StreamGate(streamLimits(MAX_TAKEAWAY_STREAMS_PER_ADDRESS, ctx.settings.streamLimits));

  /** A committed staff move: its email goes out, its reply is the order as staff see it. */
  const answer = (request: FastifyRequest, move: TakeawayMove) => {
    mailTakeawayNews(ctx, request.venue, [move.news], request.log);
    return { result: 0, account: move.account };
  };

  api.post(
    '/world/api/takeaway/config',
    { schema: { response: { '2xx': takeawayConfigResponseSchema } }, config: { access: 'public' } },
    async (request) => ({
      result: 0,
      ...(await takeawayConfig(ctx, request.venue)),
    }),
  );

  api.post(
    '/world/api/takeaway/slots',
    {
      schema: { body: takeawaySlotsRequestSchema, response: { '2xx': takeawaySlotsResponseSchema } },
      config: { access: 'public' },
    },
    async (request) => {
      const body = request.body;
      // Orders whose payment never came give their times back before anyone reads the places left.
      await expireStalePayments(ctx, request.venue);
      return { result: 0, date: body.date, timeSlots: await takeawaySlots(ctx, request.venue, body.date) };
    },
  );

  api.post(
    '/world/api/takeaway/order',
    {
      schema: {
        body: createTakeawayOrderRequestSchema,
        response: { '2xx': createTakeawayOrderResponseSchema },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const body = request.body;
      const venue = request.venue;
      await ctx.rateLimiter.consume(TAKEAWAY_ORDERS_PER_ADDRESS, `${venue.id}:${request.ip}`);
      const locale = body.locale ?? requestLocale(request);
      // Read outside the order's transaction: the embedded database serves one transaction at a time.
      const schedule = await takeawaySchedule(ctx, venue);
      await expireStalePayments(ctx, venue);
      const origin = requestOrigin(request);
      return runIdempotent(
        ctx,
        request,
        reply,
        { venueId: venue.id, actor: 'takeaway-guest', route: 'takeaway/order' },
        async (tx) => ({
          status: 201,
          body: {
            result: 0,
            ...(await createTakeawayOrder(tx, ctx, venue, body, { locale, schedule, origin })),
          },
        }),
        // A double tap or a retry without a key would be a second order in the kitchen.
        { keyRequired: true },
      );
    },
  );

  api.post(
    '/world/api/takeaway/status',
    {
      schema: { body: takeawayStatusRequestSchema, response: { '2xx': takeawayStatusResponseSchema } },
      config: { access: 'public' },
    },
    async (request) => {
      const body = request.body;
      await expireStalePayments(ctx, request.venue);
      return { result: 0, order: await takeawayStatus(ctx, request.venue, body.statusToken) };
    },
  );

  // The guest's order page follows its order live (decision 041): only the order's live key is in the URL.
  api.get(
    '/world/api/takeaway/events',
    { schema: { querystring: takeawayEventsQuerySchema }, config: { access: 'public', stream: true } },
    async (request, reply) => {
      const { key } = request.query;
      const venueId = request.venue.id;
      hijackForEventStream(request, reply, streams, (response) => events.open(response, { venueId, key }));
    },
  );

  api.post(
    '/world/account/gettakeaway',
    {
      schema: { body: getTakeawayRequestSchema, response: { '2xx': getTakeawayResponseSchema } },
      config: { access: 'copilot' },
    },
    async (request) => {
      const body = request.body;
      await expireStalePayments(ctx, request.venue);
      return { result: 0, ...(await takeawayOfDay(ctx, request.venue, body.date)) };
    },
  );

  // Accepting sends the lines to the kitchen: only a role that may validate orders does it.
  api.post(
    '/world/api/takeaway/accept',
    {
      ...copilotAs({ matrix: 'ordering', operation: 'processOrder' }),
      schema: { body: acceptTakeawayRequestSchema, response: { '2xx': staffTakeawayReplySchema } },
    },
    async (request) => {
      const body = request.body;
      const caller = actingAs(request, 'ordering');
      return answer(request, await acceptTakeaway(ctx, request.venue, caller, body.takeawayOrderId));
    },
  );

  api.post(
    '/world/api/takeaway/refuse',
    {
      ...copilotAs({ matrix: 'ordering', operation: 'processOrder' }),
      schema: { body: refuseTakeawayRequestSchema, response: { '2xx': staffTakeawayReplySchema } },
    },
    async (request) => {
      const body = request.body;
      const caller = actingAs(request, 'ordering');
      return answer(
        request,
        await refuseTakeaway(ctx, request.venue, caller.principal.userId, {
          id: body.takeawayOrderId,
          reason: body.reason,
        }),
      );
    },
  );

  // Pausing and resuming online orders: the roles that accept them (decision 043).
  api.post(
    '/world/api/takeaway/pause',
    {
      ...copilotAs({ matrix: 'ordering', operation: 'processOrder' }),
      schema: { response: { '2xx': takeawayPauseResponseSchema }, body: pauseTakeawayRequestSchema },
    },
    async (request) => {
      const body = request.body;
      const caller = actingAs(request, 'ordering');
      const minutes = body.pause === 'untilResumed' ? null : body.pause;
      return { result: 0, pause: await setTakeawayPause(ctx, request.venue, caller, { minutes }) };
    },
  );

  api.post(
    '/world/api/takeaway/resume',
    {
      ...copilotAs({ matrix: 'ordering', operation: 'processOrder' }),
      schema: { response: { '2xx': takeawayPauseResponseSchema }, body: resumeTakeawayRequestSchema },
    },
    async (request) => {
      const caller = actingAs(request, 'ordering');
      return { result: 0, pause: await setTakeawayPause(ctx, request.venue, caller, 'resume') };
    },
  );

  api.post(
    '/world/api/takeaway/advance',
    {
      schema: { body: advanceTakeawayRequestSchema, response: { '2xx': staffTakeawayReplySchema } },
      config: { access: 'copilot' },
    },
    async (request) => {
      const body = request.body;
      // Read before the move's transaction (the embedded database serves one at a time): an order paid
      // online is invoiced when handed over, by someone who may take payments.
      const invoicer =
        body.status === 'delivered'
          ? await callerIfAdmitted(ctx, principalOf(request), {
              matrix: 'billing',
              operation: 'takePayment',
            })
          : null;
      return answer(
        request,
        await advanceTakeaway(ctx, request.venue, body.takeawayOrderId, body.status, invoicer),
      );
    },
  );
}
