import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '../db/database.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { databaseName, onDatabase, sqlName, withDatabase } from './database-urls.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite both ways), dropped on close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openPglite();
  // Named after the server's database, so whoever made that one (CI's run) can drop whatever a crashed
  // file left behind.
  const name = `${databaseName(serverUrl)}_t_${randomBytes(6).toString('hex')}`;
  await onDatabase(serverUrl, `create database ${sqlName(name)}`);
  const url = withDatabase(serverUrl, name);
  const handle = await openPostgres(url);
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await onDatabase(serverUrl, `drop database if exists ${sqlName(name)} with (force)`);
    },
  };
}
