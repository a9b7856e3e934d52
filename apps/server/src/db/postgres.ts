import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database, DatabaseHandle, NotificationListener } from './database.ts';
import { migrationsFolder } from './migrations-folder.ts';

const RECONNECT_DELAY_MS = 1000;

/** Connections of the request pool when DATABASE_POOL_SIZE does not say. */
export const DEFAULT_POOL_SIZE = 10;
/** Connections of the realtime feed's own pool when DATABASE_REALTIME_POOL_SIZE does not say. */
export const DEFAULT_REALTIME_POOL_SIZE = 2;

/**
 * A pooled connection is never closed for being idle (node-postgres closes one after 10 s by default). A
 * connection opened for a burst is a new PostgreSQL backend with cold caches that plans every hot statement
 * again (decision 054): closing them in a lull and opening them in the next burst put a second of 150 ms
 * orders into every burst. The pools are small and bounded, so keeping what a busy moment opened is cheap.
 */
const KEEP_IDLE_CONNECTIONS = 0;

/**
 * PostgreSQL's JIT compiler off for the server's connections: it starts on a plan's estimated cost, and a
 * report whose anti-joins the planner overestimated spent 2.9 of its 3 s compiling (the Z of one day over a
 * year of bills). With it off, every report of `bench:reports` ran as fast or faster; the order path's short
 * statements never gain from it. A connection string's own `options` still wins.
 */
const SESSION_OPTIONS = '-c jit=off';

export interface PostgresOptions {
  /** Connections the requests share (DATABASE_POOL_SIZE). */
  readonly poolSize?: number;
  /** Connections of the realtime feed's outbox reads, apart from the requests' (DATABASE_REALTIME_POOL_SIZE). */
  readonly realtimePoolSize?: number;
}

/**
 * Opens a PostgreSQL server database and migrates it. Several server instances may share it:
 * drizzle's migrator takes an advisory lock, and LISTEN runs on one dedicated connection that
 * reconnects by itself (the outbox is re-read on reconnect, so no event is lost meanwhile). The
 * realtime feed reads the outbox through a small pool of its own, so a queue of requests waiting for a
 * connection never delays the kitchen's screen (decision 055).
 */
export async function openPostgres(
  connectionString: string,
  options: PostgresOptions = {},
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString,
    options: SESSION_OPTIONS,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    idleTimeoutMillis: KEEP_IDLE_CONNECTIONS,
  });
  const realtimePool = new pg.Pool({
    connectionString,
    options: SESSION_OPTIONS,
    max: options.realtimePoolSize ?? DEFAULT_REALTIME_POOL_SIZE,
    idleTimeoutMillis: KEEP_IDLE_CONNECTIONS,
  });
  for (const each of [pool, realtimePool]) {
    each.on('error', () => {
      // An idle client lost its server; the pool replaces it on the next query.
    });
  }
  const db = drizzle({ client: pool }) as unknown as Database;
  const realtimeDb = drizzle({ client: realtimePool }) as unknown as Database;
  await migrate(drizzle({ client: pool }), { migrationsFolder });

  const channels = new Map<string, Set<NotificationListener>>();
  let listenClient: pg.Client | undefined;
  let closed = false;
  let connecting: Promise<pg.Client> | undefined;
  let commands: Promise<unknown> = Promise.resolve();

  /** Runs LISTEN commands one after another: node-postgres takes one query at a time on a client. */
  function command(client: pg.Client, text: string): Promise<unknown> {
    const next = commands.then(() => client.query(text));
    commands = next.catch(() => undefined);
    return next;
  }

  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      for (const listener of channels.get(message.channel) ?? []) listener(message.payload ?? '');
    });
    client.on('error', () => {
      if (listenClient === client) listenClient = undefined;
      client.end().catch(() => undefined);
      if (!closed) setTimeout(() => void ensureListener().catch(() => undefined), RECONNECT_DELAY_MS);
    });
    await client.connect();
    for (const channel of channels.keys()) await command(client, `LISTEN ${pg.escapeIdentifier(channel)}`);
    listenClient = client;
    // Tell subscribers the link was (re)established so they re-read what they may have missed.
    for (const [, listeners] of channels) for (const listener of listeners) listener('');
    return client;
  }

  function ensureListener(): Promise<pg.Client> {
    if (listenClient) return Promise.resolve(listenClient);
    connecting ??= connectListener().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  return {
    db,
    realtimeDb,
    kind: 'postgres',
    async listen(channel, listener) {
      let listeners = channels.get(channel);
      const isNewChannel = !listeners;
      if (!listeners) channels.set(channel, (listeners = new Set()));
      listeners.add(listener);
      const client = await ensureListener();
      if (isNewChannel) await command(client, `LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        listeners.delete(listener);
      };
    },
    async close() {
      closed = true;
      await listenClient?.end().catch(() => undefined);
      await Promise.all([pool.end(), realtimePool.end()]);
    },
  };
}
