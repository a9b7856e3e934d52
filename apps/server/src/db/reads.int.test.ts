import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import type { DatabaseHandle, Executor } from './database.ts';
import { readsOn } from './reads.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** What two reads of one `Promise.all` did, in the order it happened. */
async function twoReads(db: Executor): Promise<string[]> {
  const steps: string[] = [];
  const run = readsOn(db);
  const read = (name: string) =>
    run(async () => {
      steps.push(`${name} starts`);
      await db.execute(sql`select pg_sleep(0.05)`);
      steps.push(`${name} ends`);
    });
  await Promise.all([read('a'), read('b')]);
  return steps;
}

describe('readsOn', () => {
  it('runs a transaction’s reads one after another, on its one connection', async () => {
    const steps = await database.db.transaction((tx) => twoReads(tx));
    expect(steps).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);
  });

  // The embedded database has one connection: its reads queue inside PGlite whatever the caller does.
  it.skipIf(!process.env.TEST_DATABASE_URL)('runs reads on the pool side by side', async () => {
    expect((await twoReads(database.db)).slice(0, 2)).toEqual(['a starts', 'b starts']);
  });
});
