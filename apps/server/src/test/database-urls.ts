// A test PostgreSQL server's databases by connection string, apart from test-database.ts so the browser
// specs use them without loading the embedded database's module.
import pg from 'pg';

/** The database a connection string names. */
export function databaseName(url: string): string {
  return new URL(url).pathname.slice(1);
}

/**
 * A database's name as a statement writes it: quoted, because PostgreSQL folds an unquoted name to lower
 * case while a connection string keeps its case (`TEST_DATABASE_URL=…/hA_db` would make `ha_db_t_…`).
 */
export function sqlName(name: string): string {
  return pg.escapeIdentifier(name);
}

/** The same connection string naming another database on the same server. */
export function withDatabase(url: string, name: string): string {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
}

/** Runs one statement in `url`'s database on a connection of its own (create and drop cannot share one). */
export async function onDatabase<T>(url: string, statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rows as T[];
  } finally {
    await client.end();
  }
}
