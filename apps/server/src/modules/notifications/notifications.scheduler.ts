import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { escalateOverdueRequests, raiseUpsellReminders } from './notifications.service.ts';

/**
 * How often the server looks for overdue requests and dry tables. Everything it decides is in the
 * database (escalatedAt, dedupe keys), so a restart loses nothing and two servers raise nothing twice.
 */
export const NOTIFICATION_TICK_MS = 2_000;

/** Runs the notification work on a timer; `stop` waits for a tick in progress. */
export function startNotificationScheduler(
  ctx: AppContext,
  log: FastifyBaseLogger,
  tickMs = NOTIFICATION_TICK_MS,
) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        await escalateOverdueRequests(ctx);
        await raiseUpsellReminders(ctx);
      } catch (error) {
        log.error({ err: error }, 'notification scheduler tick failed');
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, tickMs);
  timer.unref();
  return {
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
