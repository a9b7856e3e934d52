import { venueHomeReplySchema, venueHomeRequestSchema } from '@sobremesa/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import { venueHome } from './venue-home.service.ts';

/** The venue's home page data (issue 26 item 7): public, like the page. */
export function registerVenueHomeRoutes(app: FastifyInstance, ctx: AppContext): void {
  contractRoutes(app).post(
    '/world/api/venue/home',
    {
      // Its body is empty: a call that leaves it out asks the same.
      schema: { body: venueHomeRequestSchema.optional(), response: { '2xx': venueHomeReplySchema } },
      config: { access: 'public' },
    },
    async (request) => ({ result: 0, home: await venueHome(ctx, request.venue) }),
  );
}
