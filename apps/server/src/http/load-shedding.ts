import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { sendAppError } from './error-handler.ts';
import { routeAccess } from './route-access.ts';

/** Seconds a shed client is asked to wait: about the time a burst of the size allowed takes to drain. */
export const SHED_RETRY_AFTER_SECONDS = 1;

/** The liveness check: answers while the process serves, never shed, asks nothing of the database. */
export const HEALTH_PATH = '/health';

/**
 * Requests exempt from the limit: the health check, the web app's files and pages (`web` access), and
 * streams (the staff WebSocket, the live SSE feeds), which stay open for hours and are bounded per
 * address by their own gates.
 */
function isExempt(request: FastifyRequest): boolean {
  if (routeAccess(request) === 'web') return true;
  return request.routeOptions.config.stream === true;
}

/**
 * Load shedding (decision 055): beyond `maxInFlight` requests in hand, the instance answers 503 with
 * Retry-After at once instead of queueing for database connections until every reply takes seconds.
 * A request counts from its first hook until its response is finished or its connection closes. The
 * hook is registered before the venue lookup, so a shed request costs no query. 0 turns it off.
 */
export function registerLoadShedding(app: FastifyInstance, maxInFlight: number): void {
  app.get(HEALTH_PATH, { config: { access: 'web' } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  if (maxInFlight <= 0) return;
  let inFlight = 0;
  let shed = 0;
  let lastWarning = 0;
  app.addHook('onRequest', async (request, reply) => {
    if (isExempt(request)) return;
    if (inFlight >= maxInFlight) {
      shed++;
      // One line a second at most: an overloaded instance must not spend itself on its log.
      if (performance.now() - lastWarning >= 1000) {
        request.log.warn({ inFlight, shed }, 'requests shed: too many in flight');
        lastWarning = performance.now();
        shed = 0;
      }
      return sendAppError(
        request,
        reply,
        new AppError(503, 'OVERLOADED', 'overloaded', {
          headers: { 'retry-after': String(SHED_RETRY_AFTER_SECONDS) },
        }),
      );
    }
    inFlight++;
    // 'close' follows both a finished response and a connection cut before it: counted down once either way.
    reply.raw.once('close', () => {
      inFlight--;
    });
  });
}
