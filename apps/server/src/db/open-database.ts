import type { Env } from '../config/env.ts';
import type { DatabaseHandle } from './database.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** One code path, two modes: PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR. */
export function openDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'> &
    Partial<Pick<Env, 'DATABASE_POOL_SIZE' | 'DATABASE_REALTIME_POOL_SIZE'>>,
): Promise<DatabaseHandle> {
  return env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL, {
        poolSize: env.DATABASE_POOL_SIZE,
        realtimePoolSize: env.DATABASE_REALTIME_POOL_SIZE,
      })
    : openPglite(env.DATA_DIR);
}
