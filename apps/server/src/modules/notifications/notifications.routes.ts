import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** The notification calls and the upsell scheduler (issue 8). */
export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}
