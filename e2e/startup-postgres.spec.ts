import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signInThroughApi } from './support/api.ts';
import {
  databaseName,
  onTestServer,
  removeDataDir,
  spawnServer,
  sqlName,
  startServer,
  withDatabase,
  type RunningServer,
} from './support/server.ts';

/**
 * `npm start` with DATABASE_URL on an empty PostgreSQL database: migrates, seeds with SEED_DEMO=1 and
 * serves. Needs a PostgreSQL server, so it runs where TEST_DATABASE_URL names one (CI does).
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('start on an empty PostgreSQL database', () => {
  // Named after the run's database, so the run's cleanup drops what a crashed spec leaves.
  const database = serverUrl ? `${databaseName(serverUrl)}_start_${process.pid}` : '';
  let server: RunningServer | undefined;

  beforeAll(async () => {
    await onTestServer(`create database ${sqlName(database)}`);
  });

  afterAll(async () => {
    await server?.close();
    await onTestServer(`drop database if exists ${sqlName(database)} with (force)`);
  });

  it('migrates, seeds the demo venue and serves its staff', async () => {
    server = await startServer({ env: { DATABASE_URL: withDatabase(serverUrl!, database), SEED_DEMO: '1' } });
    expect(server.process.output()).toContain('Demo venue "Casa Sobremesa" seeded');
    expect(server.process.output()).toContain('(PostgreSQL)');
    const token = await signInThroughApi(server.url, 'cocina@demo.test', DEMO_PASSWORD);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const config = await fetch(`${server.url}/world/api/venueconfig`, { method: 'POST' });
    expect(
      ((await config.json()) as { venueConfig: { business_name: string } }).venueConfig.business_name,
    ).toBe('Casa Sobremesa');
  });

  it('without SEED_DEMO it creates no accounts: an empty platform has no default login', async () => {
    await server?.close();
    server = undefined;
    const emptyDatabase = `${database}_empty`;
    await onTestServer(`create database ${sqlName(emptyDatabase)}`);
    // Nothing answers the default host yet, so wait for the serving line only.
    const empty = spawnServer({ env: { DATABASE_URL: withDatabase(serverUrl!, emptyDatabase) } });
    try {
      const emptyUrl = await empty.ready;
      expect(empty.output()).not.toContain('seeded');
      const login = await fetch(`${emptyUrl}/world/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userEmail: 'admin@demo.test', password: DEMO_PASSWORD }),
      });
      // No venue exists yet, so the default host has none to answer for.
      expect(login.status).toBe(404);
    } finally {
      await empty.stop();
      removeDataDir(empty.dataDir);
      await onTestServer(`drop database if exists ${sqlName(emptyDatabase)} with (force)`);
    }
  });
});
