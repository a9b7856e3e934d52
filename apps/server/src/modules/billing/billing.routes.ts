import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** The bills, payments, tips, vouchers, promotions (issue 9). */
export function registerBillingRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}
