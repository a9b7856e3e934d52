import { venueHomeRequestSchema } from '@sobremesa/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../http/validation.ts';
import { venueHome } from './venue-home.service.ts';

/** The venue's home page data (issue 26 item 7): public, like the page. */
export function registerVenueHomeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/world/api/venue/home', { config: { access: 'public' } }, async (request) => {
    parseInput(venueHomeRequestSchema, request.body ?? {});
    return { result: 0, home: await venueHome(ctx, request.venue) };
  });
}
