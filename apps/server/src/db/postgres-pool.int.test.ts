import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import type { DatabaseHandle } from './database.ts';
import { queryRows } from './rows.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** The server processes behind four statements at once, as a burst of orders would hold them. */
async function burst(): Promise<Set<number>> {
  const rows = await Promise.all(
    Array.from({ length: 4 }, () =>
      queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid, pg_sleep(0.05)`),
    ),
  );
  return new Set(rows.map(([row]) => row!.pid));
}

// The embedded database is one instance in the process: it has no connections to keep.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the request pool on PostgreSQL', () => {
  it('keeps the connections a burst opened through a lull longer than node-postgres’ own 10 s', async () => {
    const first = await burst();
    expect(first.size).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 10_500));
    // The same backends, with their prepared statements and warm caches: none was closed and reopened.
    expect(await burst()).toEqual(first);
  }, 20_000);

  it('runs without the JIT compiler, which spent seconds compiling one day’s Z report', async () => {
    const sessions = await Promise.all(
      Array.from({ length: 4 }, () =>
        queryRows<{ jit: string }>(database.db, sql`select current_setting('jit') as jit, pg_sleep(0.05)`),
      ),
    );
    expect(sessions.map(([row]) => row!.jit)).toEqual(['off', 'off', 'off', 'off']);
  });
});
