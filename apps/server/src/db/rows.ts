import type { SQL } from 'drizzle-orm';
import type { Executor } from './database.ts';

/**
 * Runs raw SQL and returns its rows. Both drivers (PGlite, node-postgres) answer `{ rows }`; the shared
 * Drizzle type cannot say so. Numeric and bigint columns arrive as strings from node-postgres: convert.
 */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The row a write's `returning` (or a query that always answers one row) gave back. None would be a bug,
 * never the user's doing, so it fails as an internal error: "<what> returned nothing".
 */
export function firstRow<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`${what} returned nothing`);
  return row;
}
