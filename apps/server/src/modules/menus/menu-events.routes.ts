import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** The guest menu's live stream of product availability (issue 6). */
export function registerMenuEventRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}
