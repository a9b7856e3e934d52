import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate, type StaffPrincipal } from '../modules/users/users.service.ts';
import { AppError, forbidden, unauthenticated } from './app-error.ts';
import { matchedNoRoute, routeAccess } from './route-access.ts';

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffPrincipal | null;
  }
}

/** The bearer token of a request, if it carries one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The signed-in staff member of a request whose route required it. */
export function principalOf(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw unauthenticated();
  return request.staff;
}

/**
 * Authenticates staff routes and checks their access level on the server, for every request, from the
 * access the matched route declares (decision 021); a route that declares none is refused (fail closed).
 * A token is valid only in the venue that issued it: another venue's token is simply unknown here.
 * It runs before the route's declared input is parsed (decision 067), so a caller without access learns
 * nothing of the body a route expects.
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('staff', null);
  app.addHook('preValidation', async (request) => {
    if (matchedNoRoute(request)) return;
    const access = routeAccess(request);
    if (access === 'web') return;
    if (access === undefined) throw forbidden();
    const token = bearerToken(request);
    if (token) request.staff = (await authenticate(ctx, request.venue.id, token)) ?? null;
    if (access === 'public') return;
    if (!request.staff) throw unauthenticated();
    if (access === 'copilot' && !request.staff.copilotEnabled) throw forbidden('forbidden_copilot');
    if (access === 'admin' && !request.staff.isAdmin) throw new AppError(403, 'FORBIDDEN', 'forbidden_admin');
  });
}
