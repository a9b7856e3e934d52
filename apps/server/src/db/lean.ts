import pg from 'pg';
import type { Executor } from './database.ts';

interface RawClient {
  query(text: string | pg.QueryConfig, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Runs one hand-written statement of a hot path (the order call, decision 054) on the connection behind
 * `db` (a transaction's own connection, or the pool/instance): on PostgreSQL as a named prepared statement,
 * parsed and planned once per connection and then only bound and executed; on the embedded database
 * straight through PGlite. No SQL is built per call and no row goes through Drizzle's mapping.
 * Parameters are scalars or JSON text (cast in the SQL), never JS arrays or objects, so both drivers send
 * them alike; bigint and numeric results arrive as strings on node-postgres: cast in the SQL or convert.
 */
export async function leanQuery<T>(
  db: Executor,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const client = (db as unknown as { session: { client: RawClient } }).session.client;
  const result =
    client instanceof pg.Client || client instanceof pg.Pool
      ? await client.query({ name, text, values })
      : await client.query(text, values);
  return result.rows as T[];
}

/** Column names seen so far in `camelCase`: a hot path's rows repeat the same few dozen keys. */
const camelKeys = new Map<string, string>();

function camelKey(key: string): string {
  let camel = camelKeys.get(key);
  if (camel === undefined) {
    camel = key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
    // Keys come from the schema's columns, a bounded set; the guard only keeps a surprise from growing it.
    if (camelKeys.size < 10_000) camelKeys.set(key, camel);
  }
  return camel;
}

/** `snake_case` keys of a JSON row (as PostgreSQL's `to_jsonb` writes them) in `camelCase`. */
export function camelRow<T>(row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const key in row) out[camelKey(key)] = row[key];
  return out as T;
}
