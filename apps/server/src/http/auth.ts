import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate, type StaffPrincipal } from '../modules/users/users.service.ts';
import { AppError, forbidden, unauthenticated } from './app-error.ts';

/**
 * Who may call a route. Every route declares one; a route that forgets is treated as `staff`
 * (fail closed, SEC-02). `public` routes still run inside their venue.
 */
export type Access = 'public' | 'staff' | 'copilot' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
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
 * Authenticates staff routes and checks their access level on the server, for every request.
 * A token is valid only in the venue that issued it: another venue's token is simply unknown here.
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('staff', null);
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/world/') || request.is404) return;
    const access = request.routeOptions.config.access ?? 'staff';
    const token = bearerToken(request);
    if (token) request.staff = (await authenticate(ctx, request.venue.id, token)) ?? null;
    if (access === 'public') return;
    if (!request.staff) throw unauthenticated();
    if (access === 'copilot' && !request.staff.copilotEnabled) throw forbidden('forbidden_copilot');
    if (access === 'admin' && !request.staff.isAdmin) throw new AppError(403, 'FORBIDDEN', 'forbidden_admin');
  });
}
