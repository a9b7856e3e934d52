import {
  addToWaitlistRequestSchema,
  listWaitlistRequestSchema,
  removeFromWaitlistRequestSchema,
  seatFromWaitlistRequestSchema,
  seatFromWaitlistResponseSchema,
  waitlistResponseSchema,
  waitlistEntryResponseSchema,
} from '@sobremesa/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { actingAs, copilotAs } from '../../http/route-roles.ts';
import { runIdempotent, staffKeyScope } from '../../http/idempotency.ts';
import { requestLocale } from '../../http/locale.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import { seatRetrying } from '../floor/floor.service.ts';
import {
  addToWaitlist,
  entryToSeat,
  listWaitlist,
  prepareParty,
  removeFromWaitlist,
  seatFromWaitlist,
} from './waitlist.service.ts';

/**
 * The copilot's walk-in waitlist (issue 18 item 9, decision 037): copilot access, then the body (400),
 * then the caller's role (403: the roles that take walk-ins), then the venue's entry (404) and its state
 * (409). Seating writes the walk-in and the entry in one transaction; adding and seating accept an
 * `Idempotency-Key` (REL-03).
 */
export function registerWaitlistRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);
  const waitlist = copilotAs({ matrix: 'floor', operation: 'waitlist' });

  api.post(
    '/world/api/waitlist/list',
    { ...waitlist, schema: { response: { '2xx': waitlistResponseSchema }, body: listWaitlistRequestSchema } },
    async (request) => {
      actingAs(request, 'floor');
      return listWaitlist(ctx, request.venue);
    },
  );

  api.post(
    '/world/api/waitlist/add',
    {
      ...waitlist,
      schema: { response: { '2xx': waitlistEntryResponseSchema }, body: addToWaitlistRequestSchema },
    },
    async (request, reply) => {
      const body = request.body;
      const who = actingAs(request, 'floor');
      const party = await prepareParty(ctx, request.venue, body, requestLocale(request));
      const scope = staffKeyScope(request, 'waitlist/add');
      return runIdempotent(ctx, request, reply, scope, async (tx) => ({
        status: 201,
        body: { result: 0, entry: await addToWaitlist(tx, ctx, who, party) },
      }));
    },
  );

  api.post(
    '/world/api/waitlist/seat',
    {
      ...waitlist,
      schema: { body: seatFromWaitlistRequestSchema, response: { '2xx': seatFromWaitlistResponseSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      const who = actingAs(request, 'floor');
      const prepared = await entryToSeat(
        ctx,
        request.venue,
        body.entryId,
        body.tableIds,
        requestLocale(request),
      );
      const scope = staffKeyScope(request, 'waitlist/seat');
      return seatRetrying(prepared, () =>
        runIdempotent(ctx, request, reply, scope, async (tx) => ({
          status: 200,
          body: { result: 0, ...(await seatFromWaitlist(tx, ctx, who, prepared, body.entryId)) },
        })),
      );
    },
  );

  api.post(
    '/world/api/waitlist/remove',
    {
      ...waitlist,
      schema: { body: removeFromWaitlistRequestSchema, response: { '2xx': waitlistEntryResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      const who = actingAs(request, 'floor');
      return { result: 0, entry: await removeFromWaitlist(ctx, request.venue, who, body) };
    },
  );
}
