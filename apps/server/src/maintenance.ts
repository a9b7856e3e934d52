import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { pruneIdempotencyKeys } from './http/idempotency.ts';
import { pruneRealtimeEvents } from './modules/realtime/realtime.service.ts';
import { pruneLoginAddresses } from './modules/users/login-throttle.ts';

const MAINTENANCE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Drops expired rate-limit windows, idempotency keys, realtime events past their retention and staff
 * sign-in addresses no longer known.
 */
export async function runMaintenance(ctx: AppContext): Promise<void> {
  await ctx.rateLimiter.prune();
  await pruneIdempotencyKeys(ctx.db, ctx.clock.now());
  await pruneRealtimeEvents(ctx.db, ctx.clock.now());
  await pruneLoginAddresses(ctx.db, ctx.clock.now());
}

/**
 * Runs maintenance every ten minutes while the app is up. Each instance may run it: the deletes are
 * idempotent, so instances sharing a database need no coordination.
 */
export function scheduleMaintenance(app: FastifyInstance, ctx: AppContext): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      runMaintenance(ctx).catch((error: unknown) => app.log.warn({ err: error }, 'maintenance failed'));
    }, MAINTENANCE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
