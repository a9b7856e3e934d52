import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** The kitchen and bar calls (issue 7). */
export function registerKitchenRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}
