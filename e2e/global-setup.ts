import { bundleServer } from '../apps/server/bundle.ts';
import {
  databaseName,
  makeDataDir,
  onTestServer,
  removeDataDir,
  spawnServer,
  sqlName,
  withDatabase,
  type SpawnServerOptions,
} from './support/server.ts';

/**
 * Migrating a fresh database and seeding the demo venue takes most of a server's first start (about 9 of
 * 14 s on two cores), and every spec file starts its own server. So this seeds the demo venue once per run
 * and `startServer` copies it: a data folder of the embedded database, stopped cleanly
 * (`E2E_TEMPLATE_DATA_DIR`), and where TEST_DATABASE_URL names a PostgreSQL server (CI) also a template
 * database there (`E2E_DATABASE_TEMPLATE_URL`), which most specs' servers run on (decision 016).
 */
export default async function setup(): Promise<() => Promise<void>> {
  // The specs' servers run the bundle `npm start` runs, built from the source as it is now (about 2 s).
  await bundleServer();
  const testDatabase = process.env.TEST_DATABASE_URL;
  const templateName = testDatabase ? `${databaseName(testDatabase)}_e2e` : undefined;
  const dataDir = makeDataDir();
  const seeds: Promise<void>[] = [seedOnce({ dataDir })];
  if (testDatabase && templateName) {
    await onTestServer(`create database ${sqlName(templateName)}`);
    const url = withDatabase(testDatabase, templateName);
    const folder = makeDataDir();
    seeds.push(
      seedOnce({ dataDir: folder, env: { DATABASE_URL: url, SEED_DEMO: '1' } }).finally(() =>
        removeDataDir(folder),
      ),
    );
    process.env.E2E_DATABASE_TEMPLATE_URL = url;
  }
  await Promise.all(seeds);
  process.env.E2E_TEMPLATE_DATA_DIR = dataDir;
  return async () => {
    removeDataDir(dataDir);
    if (!templateName) return;
    // The template and any copy a crashed spec left behind.
    const left = await onTestServer<{ datname: string }>(
      `select datname from pg_database where datname = '${templateName}' or datname like '${templateName}\\_%'`,
    );
    for (const { datname } of left)
      await onTestServer(`drop database if exists ${sqlName(datname)} with (force)`);
  };
}

/** Starts a server once so it migrates and seeds, then stops it cleanly. */
async function seedOnce(options: SpawnServerOptions): Promise<void> {
  const server = spawnServer(options);
  try {
    await server.ready;
  } finally {
    await server.stop();
  }
}
