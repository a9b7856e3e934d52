import { guestReceiptRequestSchema } from '@sobremesa/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requestOrigin } from '../../http/security.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import type { RateLimitRule } from '../rate-limit/rate-limit.service.ts';
import { guestReceipt } from './guest-receipt.ts';

/** Receipt downloads per address: a table of phones fetching it twice each, not a script guessing links. */
export const GUEST_RECEIPTS_PER_ADDRESS: RateLimitRule = {
  name: 'guest-receipt-ip',
  max: 30,
  windowSeconds: 600,
};

/** The paid guest's receipt (decision 038). The capability travels in the body, never the URL (SEC-09). */
export function registerGuestReceiptRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);
  api.post(
    '/world/api/bill/guest-receipt',
    { schema: { body: guestReceiptRequestSchema }, config: { access: 'public' } },
    async (request, reply) => {
      const body = request.body;
      await ctx.rateLimiter.consume(GUEST_RECEIPTS_PER_ADDRESS, `${request.venue.id}:${request.ip}`);
      const document = await guestReceipt(ctx, request.venue, body.uid, requestOrigin(request));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${document.name}"`)
        .header('cache-control', 'private, no-store')
        .send(document.pdf);
    },
  );
}
