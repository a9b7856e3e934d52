import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import type { Executor } from '../../db/database.ts';

/** Adds `cost` hits to a fixed window and returns the window's total, atomically across instances. */
export async function hitWindow(db: Executor, key: string, windowStart: Date, cost: number): Promise<number> {
  const [resultRow] = await queryRows<{ hits: number }>(
    db,
    sql`
    insert into rate_limit_buckets (key, window_start, hits) values (${key}, ${windowStart.toISOString()}, ${cost})
    on conflict (key, window_start) do update set hits = rate_limit_buckets.hits + excluded.hits
    returning hits`,
  );
  return Number(resultRow?.hits ?? 0);
}

/** Takes one hit back out of a window it was counted in. */
export async function unhitWindow(db: Executor, key: string, windowStart: Date): Promise<void> {
  await db.execute(
    sql`update rate_limit_buckets set hits = hits - 1
        where key = ${key} and window_start = ${windowStart.toISOString()} and hits > 0`,
  );
}

/** Drops windows that ended before `before`. */
export async function deleteWindowsBefore(db: Executor, before: Date): Promise<void> {
  await db.execute(sql`delete from rate_limit_buckets where window_start < ${before.toISOString()}`);
}
