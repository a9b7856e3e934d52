import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database, DatabaseHandle } from './database.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { DurableNodeFS } from './durable-nodefs.ts';
import { migrationsFolder } from './migrations-folder.ts';

/**
 * PGlite's start parameters without `-F`, which turns PostgreSQL's fsync off: a commit is on disk when it
 * is acknowledged (with DurableNodeFS making the sync real). WAL is synced with fsync: PGlite's fdatasync
 * system call is an empty stub, its fsync reaches the file system.
 */
export const DURABLE_START = [
  ...PGlite.defaultStartParams.filter((parameter) => parameter !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
];

/**
 * Opens the embedded database. With `dataDir` it persists there, owning the folder exclusively
 * (REL-06); without it the database lives in memory (tests).
 */
export async function openPglite(dataDir?: string): Promise<DatabaseHandle> {
  let lock: DataDirLock | undefined;
  if (dataDir) lock = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create({
      extensions: { btree_gist },
      ...(dataDir ? { fs: new DurableNodeFS(path.join(dataDir, 'pgdata')), startParams: DURABLE_START } : {}),
    });
    const db = drizzle({ client }) as unknown as Database;
    await migrate(drizzle({ client }), { migrationsFolder });
    return {
      db,
      // One connection in process: the feed reads where everything else does.
      realtimeDb: db,
      kind: 'pglite',
      async listen(channel, listener) {
        const unlisten = await client.listen(channel, listener);
        return () => unlisten();
      },
      async close() {
        try {
          if (!client.closed) {
            // A checkpoint writes everything to the data files, so the next start needs no recovery.
            await client.exec('CHECKPOINT');
            await client.close();
          }
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
