import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Placeholder until the realtime hub lands (same session). */
export async function registerRealtime(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
