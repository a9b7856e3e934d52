import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Venue, VenueDirectory } from '../modules/venues/venues.service.ts';
import { AppError, forbidden } from './app-error.ts';
import { matchedNoRoute, routeAccess } from './route-access.ts';

declare module 'fastify' {
  interface FastifyRequest {
    venue: Venue;
  }
}

/**
 * Resolves the venue of every API request from its Host (ARCHITECTURE §2). Every query downstream is
 * scoped by `request.venue.id`; no venue id is ever taken from a body or query (SEC-01).
 *
 * Whether a request needs a venue is decided by the route it matched (decision 021): every route but the
 * web app's files does, whatever its URL looks like; a matched route that declares no access is refused.
 */
export function registerVenueContext(app: FastifyInstance, directory: VenueDirectory): void {
  app.decorateRequest('venue', null as unknown as Venue);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (matchedNoRoute(request)) return;
    const access = routeAccess(request);
    if (access === 'web') return;
    if (access === undefined) throw forbidden();
    const venue = await directory.resolveHost(request.hostname);
    if (!venue) throw new AppError(404, 'VENUE_NOT_FOUND', 'venue_not_found');
    if (venue.status === 'suspended') throw new AppError(423, 'VENUE_SUSPENDED', 'venue_suspended');
    request.venue = venue;
  });
}
