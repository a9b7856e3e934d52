import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Venue, VenueDirectory } from '../modules/venues/venues.service.ts';
import { AppError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    venue: Venue;
  }
}

/**
 * Resolves the venue of every API request from its Host (ARCHITECTURE §2). Every query downstream is
 * scoped by `request.venue.id`; no venue id is ever taken from a body or query (SEC-01).
 */
export function registerVenueContext(app: FastifyInstance, directory: VenueDirectory): void {
  app.decorateRequest('venue', null as unknown as Venue);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!request.url.startsWith('/world/')) return;
    const venue = await directory.resolveHost(request.hostname);
    if (!venue) throw new AppError(404, 'VENUE_NOT_FOUND', 'venue_not_found');
    if (venue.status === 'suspended') throw new AppError(423, 'VENUE_SUSPENDED', 'venue_suspended');
    request.venue = venue;
  });
}
