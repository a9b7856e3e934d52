import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DurableNodeFS } from './durable-nodefs.ts';
import { DURABLE_START, openPglite } from './pglite.ts';
import { queryRows } from './rows.ts';

const folders: string[] = [];
/** A fresh embedded database is created and migrated on disk, with a sync at each commit: slow under load. */
const OPEN_BUDGET_MS = 120_000;
function freshFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sobremesa-durable-'));
  folders.push(folder);
  return folder;
}
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe('embedded database durability (issue 17 item 14)', () => {
  it(
    'syncs the WAL to disk at every commit and the data files at a checkpoint',
    async () => {
      const filesystem = new DurableNodeFS(freshFolder());
      const client = await PGlite.create({ fs: filesystem, startParams: DURABLE_START });
      try {
        await client.exec('create table writes (id serial primary key)');
        for (let commit = 1; commit <= 3; commit += 1) {
          const before = filesystem.syncs;
          await client.query('insert into writes default values');
          expect(filesystem.syncs - before).toBeGreaterThanOrEqual(1);
        }
        const beforeCheckpoint = filesystem.syncs;
        await client.exec('CHECKPOINT');
        expect(filesystem.syncs).toBeGreaterThan(beforeCheckpoint);
      } finally {
        await client.close();
      }
    },
    OPEN_BUDGET_MS,
  );

  it(
    'is how the server opens its data folder',
    async () => {
      const database = await openPglite(freshFolder());
      try {
        const [settings] = await queryRows<{ fsync: string; method: string }>(
          database.db,
          sql`select current_setting('fsync') as fsync, current_setting('wal_sync_method') as method`,
        );
        expect(settings).toEqual({ fsync: 'on', method: 'fsync' });
      } finally {
        await database.close();
      }
    },
    OPEN_BUDGET_MS,
  );
});
