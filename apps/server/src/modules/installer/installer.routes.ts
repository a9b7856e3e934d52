import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** The the print helper installer download (issue 9). */
export function registerInstallerRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}
