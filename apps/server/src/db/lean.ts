import { createHash } from 'node:crypto';
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

/**
 * A hand-written read of one row, to run alone (`leanRead`) or in one statement with others
 * (`leanReads`), so a caller that needs several modules' facts pays one round trip, not one each. Its
 * columns are JSON, integers, booleans or text, which arrive alike either way (a timestamp or a bigint
 * would arrive as a `Date` or a string alone and as JSON text together: aggregate it into JSON). Its SQL
 * numbers its own parameters from `$1` and names them nowhere else (no `$` in literals).
 */
export interface LeanRead<T> {
  readonly name: string;
  readonly text: string;
  readonly values: readonly unknown[];
  /** The read's row (`{}` when it found none) into what the caller wants. */
  decode(row: Record<string, unknown>): T;
}

type ReadResults<R extends readonly LeanRead<unknown>[]> = {
  -readonly [K in keyof R]: R[K] extends LeanRead<infer T> ? T : never;
};

/** A read with nothing to ask: `value`, without a statement, alone or among others. */
export function nothingRead<T>(value: T): LeanRead<T> {
  return { name: '', text: '', values: [], decode: () => value };
}

/** The same read, its result turned by `f` (the read's statement, and so its round trip, unchanged). */
export function mapRead<T, U>(read: LeanRead<T>, f: (value: T) => U): LeanRead<U> {
  return { ...read, decode: (row) => f(read.decode(row)) };
}

export async function leanRead<T>(db: Executor, read: LeanRead<T>): Promise<T> {
  if (read.text === '') return read.decode({});
  const [row] = await leanQuery<Record<string, unknown>>(db, read.name, read.text, [...read.values]);
  return read.decode(row ?? {});
}

/** Combined statements by their parts' names: built once, prepared once per connection. */
const combined = new Map<string, { name: string; text: string }>();

function combine(reads: readonly LeanRead<unknown>[]): { name: string; text: string } {
  const key = reads.map((read) => read.name).join('+');
  let statement = combined.get(key);
  if (statement === undefined) {
    let offset = 0;
    const parts = reads.map((read, index) => {
      const text = read.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
      offset += read.values.length;
      return { column: `(select to_jsonb(r) from (${text}) as r)`, alias: `"${index}"` };
    });
    statement = {
      // Prepared statement names are cut at 63 bytes: a digest keeps two combinations apart.
      name: `reads_${createHash('sha1').update(key).digest('hex').slice(0, 20)}`,
      text: `select ${parts.map((part) => `${part.column} as ${part.alias}`).join(',\n  ')}`,
    };
    combined.set(key, statement);
  }
  return statement;
}

/**
 * Several reads in one statement: each part's row as JSON, decoded by its own read. The reads see one
 * snapshot, as reads of one transaction do anyway.
 */
export async function leanReads<const R extends readonly LeanRead<unknown>[]>(
  db: Executor,
  reads: R,
): Promise<ReadResults<R>> {
  const asked = reads.filter((read) => read.text !== '');
  if (asked.length <= 1)
    return Promise.all(reads.map((read) => leanRead(db, read))) as Promise<ReadResults<R>>;
  const { name, text } = combine(asked);
  const [row] = await leanQuery<Record<string, Record<string, unknown> | null>>(
    db,
    name,
    text,
    asked.flatMap((read) => [...read.values]),
  );
  return reads.map((read) =>
    read.text === '' ? read.decode({}) : read.decode(row?.[String(asked.indexOf(read))] ?? {}),
  ) as ReadResults<R>;
}
