import { makeDataDir, removeDataDir, spawnServer } from './support/server.ts';

/**
 * Migrating a fresh embedded database and seeding the demo venue takes most of a server's first start
 * (about 9 of 14 s on two cores). Every spec file starts its own server, so this prepares one seeded data
 * folder, stopped cleanly, that `startServer` copies instead of seeding again (`E2E_TEMPLATE_DATA_DIR`).
 */
export default async function setup(): Promise<() => void> {
  const dataDir = makeDataDir();
  const server = spawnServer({ dataDir });
  try {
    await server.ready;
  } finally {
    await server.stop();
  }
  process.env.E2E_TEMPLATE_DATA_DIR = dataDir;
  return () => removeDataDir(dataDir);
}
