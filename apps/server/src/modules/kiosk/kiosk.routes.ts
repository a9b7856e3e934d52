import {
  doorLogHistoryRequestSchema,
  kioskScanRequestSchema,
  kioskWalkInRequestSchema,
  doorLogHistoryResponseSchema,
  doorLogRegisterResponseSchema,
  kioskRegisterResponseSchema,
  kioskWalkInResponseSchema,
} from '@sobremesa/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../http/auth.ts';
import { actingAs, copilotAs } from '../../http/route-roles.ts';
import { requestLocale } from '../../http/locale.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import type { RateLimitRule } from '../rate-limit/rate-limit.service.ts';
import { doorLogHistory, recordReading } from './door-log.service.ts';
import { kioskWalkIn, registerScan } from './kiosk.service.ts';

/**
 * A kiosk reads a code only when its camera sees one and then shows a result for a while; a device
 * reading faster than this is a script trying codes.
 */
export const KIOSK_SCANS_PER_DEVICE: RateLimitRule = { name: 'kiosk-scan', max: 30, windowSeconds: 60 };
/** Parties arriving at one door without a booking. */
export const KIOSK_WALK_INS_PER_DEVICE: RateLimitRule = {
  name: 'kiosk-walk-in',
  max: 20,
  windowSeconds: 600,
};
/** Readings an external door device may record. */
export const DOOR_READINGS_PER_DEVICE: RateLimitRule = { name: 'door-reading', max: 60, windowSeconds: 60 };

const AGENT_LENGTH = 120;

/** The reading device: what the kiosk says it is, else its browser. */
function agentOf(request: FastifyRequest, agent: string | undefined): string {
  return (agent?.trim() || request.headers['user-agent'] || '').slice(0, AGENT_LENGTH);
}

/**
 * The kiosk and door log calls (issue 26, decision 034): copilot access (the kiosk is a staff-signed
 * device), the body's shape (400), the device's rate limit (429), then the caller's role (403).
 */
export function registerKioskRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);
  const device = (request: FastifyRequest) => `${request.venue.id}:${principalOf(request).userId}`;

  api.post(
    '/world/api/kiosk/register',
    {
      ...copilotAs({ matrix: 'floor', operation: 'seat' }),
      schema: { body: kioskScanRequestSchema, response: { '2xx': kioskRegisterResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      await ctx.rateLimiter.consume(KIOSK_SCANS_PER_DEVICE, device(request));
      const caller = actingAs(request, 'floor');
      return registerScan(ctx, request.venue, caller, { ...body, agent: agentOf(request, body.agent) });
    },
  );

  api.post(
    '/world/api/kiosk/createwalkin',
    {
      ...copilotAs({ matrix: 'floor', operation: 'createWalkIn' }),
      schema: { body: kioskWalkInRequestSchema, response: { '2xx': kioskWalkInResponseSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      await ctx.rateLimiter.consume(KIOSK_WALK_INS_PER_DEVICE, device(request));
      const caller = actingAs(request, 'floor');
      const result = await kioskWalkIn(ctx, request.venue, caller, body, requestLocale(request));
      return reply.status(result.staffCalled ? 200 : 201).send(result);
    },
  );

  api.post(
    '/world/doorlog/register',
    {
      ...copilotAs({ matrix: 'floor', operation: 'viewDay' }),
      schema: { body: kioskScanRequestSchema, response: { '2xx': doorLogRegisterResponseSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      actingAs(request, 'floor');
      await ctx.rateLimiter.consume(DOOR_READINGS_PER_DEVICE, device(request));
      const row = await recordReading(ctx.db, ctx, request.venue, {
        code: body.code,
        agent: agentOf(request, body.agent),
        text: body.text ?? '',
        result: null,
        reservationId: null,
        userId: principalOf(request).userId,
      });
      return reply.status(201).send({ result: 0, id: row.id });
    },
  );

  api.post(
    '/world/doorlog/history',
    {
      ...copilotAs({ matrix: 'floor', operation: 'viewDay' }),
      schema: { body: doorLogHistoryRequestSchema, response: { '2xx': doorLogHistoryResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      actingAs(request, 'floor');
      return doorLogHistory(ctx, request.venue, body);
    },
  );
}
