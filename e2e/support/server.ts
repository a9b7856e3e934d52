import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_BUNDLE } from '../../apps/server/bundle.ts';
import { databaseName, onDatabase, sqlName, withDatabase } from '../../apps/server/src/test/database-urls.ts';

export { databaseName, sqlName, withDatabase };

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const SERVING_LINE = /Sobremesa is serving on (http:\/\/localhost:(\d+))/;
// A hang guard: a server that has not exited this long after SIGTERM is stuck, not slow.
const STOP_GRACE_MS = 30_000;

export interface ServerExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/**
 * One real server process, as `npm start` runs it: the server's bundle (decision 080), which the run's global
 * setup builds from the source (`bundleServer`) before any spec starts.
 */
export interface ServerProcess {
  readonly pid: number;
  readonly dataDir: string;
  /** Resolves with the base URL once the server serves; rejects if the process exits first. */
  readonly ready: Promise<string>;
  /** Resolves when the process has exited. */
  readonly exited: Promise<ServerExit>;
  /** Everything it printed so far (stdout and stderr), for assertions and failure reports. */
  output(): string;
  /** Sends SIGTERM and waits for the exit (SIGKILL after a grace period). */
  stop(): Promise<ServerExit>;
}

export interface SpawnServerOptions {
  /** Data folder of the embedded database; a fresh temporary folder by default. */
  readonly dataDir?: string;
  /**
   * A fixed port (see {@link freePort}), so a restarted server is found at the same address by the pages
   * that were talking to it; a free port chosen by the system by default.
   */
  readonly port?: number;
  readonly env?: Record<string, string>;
  /** How long to wait for "serving" (migrations and the demo seed run first). */
  readonly readyTimeoutMs?: number;
}

/** A fresh temporary data folder; remove it with {@link removeDataDir}. */
export function makeDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'sobremesa-e2e-'));
}

export function removeDataDir(dataDir: string): void {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** A port nobody listens on right now, for a server that must come back at the same address. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the real server on a free port (PORT=0, or `port`; loopback only) with the embedded database in
 * `dataDir` and the default demo seed. The environment is the parent's minus anything that would
 * point it at another database.
 */
export function spawnServer(options: SpawnServerOptions = {}): ServerProcess {
  if (!fs.existsSync(SERVER_BUNDLE)) {
    throw new Error(`No server bundle at ${SERVER_BUNDLE}: run \`npm run build\` first.`);
  }
  const dataDir = options.dataDir ?? makeDataDir();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'SEED_DEMO',
    'DEMO_LIVE',
    'WEBSOCKET_URL',
    'BASE_DOMAIN',
    'WEB_DIST',
    'TRUST_PROXY',
  ]) {
    delete env[name];
  }
  Object.assign(env, {
    PORT: String(options.port ?? 0),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    // Specs start from the quiet demo (no service under way) unless they ask for the live one (decision 053).
    DEMO_LIVE: '0',
  });
  // Parallel work may build the web app into its own folder (`vite build --outDir …`) and point the
  // browser tests at it, so one build does not replace the files another run is serving.
  if (process.env.E2E_WEB_DIST) env.WEB_DIST = process.env.E2E_WEB_DIST;
  Object.assign(env, options.env);

  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error('could not start the server process');

  let output = '';
  const exited = new Promise<ServerExit>((resolve) => {
    // 'close' comes after the output streams have ended, so output() is complete by then.
    child.once('close', (code, signal) => resolve({ code, signal }));
  });

  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`server did not serve within ${options.readyTimeoutMs ?? 150_000} ms:\n${output}`));
    }, options.readyTimeoutMs ?? 150_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = SERVING_LINE.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (code ${code}, signal ${signal}) before serving:\n${output}`));
    });
  });
  // Callers that expect a failed start only look at `exited`; keep an unobserved rejection quiet.
  ready.catch(() => {});

  return {
    pid: child.pid,
    dataDir,
    ready,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

/** A started, serving server on its own temporary data folder, and how to take it all down. */
export interface RunningServer {
  readonly url: string;
  readonly process: ServerProcess;
  /** Stops the server and removes its temporary data folder. */
  close(): Promise<ServerExit>;
}

/**
 * Starts a server with the demo venue and waits until it serves. Where the run names a seeded PostgreSQL
 * template (`E2E_DATABASE_TEMPLATE_URL`, set by e2e/global-setup.ts when TEST_DATABASE_URL is: CI), the
 * server gets a database of its own copied from it, dropped on close; otherwise, or with
 * `database: 'embedded'`, the embedded database in a fresh data folder copied from the run's seeded
 * template folder. Either way no spec pays for the migrations and the seed.
 */
export async function startServer({
  prepare,
  database,
  ...options
}: Omit<SpawnServerOptions, 'dataDir'> & {
  /**
   * The embedded database even where the run puts specs on PostgreSQL: the specs that keep CI's browser
   * tests on the database `npm start` uses by default (decision 016).
   */
  readonly database?: 'embedded';
  /**
   * Changes the data folder before the server opens it (a venue setting no API changes); implies the
   * embedded database.
   */
  readonly prepare?: (dataDir: string) => Promise<void>;
} = {}): Promise<RunningServer> {
  const dataDir = makeDataDir();
  const postgresTemplate = process.env.E2E_DATABASE_TEMPLATE_URL;
  const own =
    postgresTemplate && !database && !prepare && !options.env?.DATABASE_URL
      ? await copyDatabase(postgresTemplate)
      : undefined;
  const template = process.env.E2E_TEMPLATE_DATA_DIR;
  if (!own && template && !options.env?.DATABASE_URL && fs.existsSync(template)) {
    fs.cpSync(template, dataDir, { recursive: true });
  }
  await prepare?.(dataDir);
  const server = spawnServer({
    ...options,
    dataDir,
    // SEED_DEMO as the embedded database has it by default, so a spec's server behaves alike on both
    // (the demo is already in the copy; the live demo's day is seeded at start, decision 053).
    env: own ? { SEED_DEMO: '1', ...options.env, DATABASE_URL: own.url } : options.env,
  });
  const takeDown = async () => {
    const exit = await server.stop();
    removeDataDir(server.dataDir);
    await own?.drop();
    return exit;
  };
  try {
    const url = await server.ready;
    await waitUntilServing(url);
    return { url, process: server, close: takeDown };
  } catch (error) {
    await takeDown();
    throw error;
  }
}

/**
 * A new database copied from the template (named after it, so the run's teardown finds any a crashed
 * spec left), and how to drop it. The statements go through TEST_DATABASE_URL's database: a template
 * cannot be copied while anyone is connected to it.
 */
async function copyDatabase(templateUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const templateName = databaseName(templateUrl);
  const name = `${templateName}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onTestServer(`create database ${sqlName(name)} template ${sqlName(templateName)}`);
  return {
    url: withDatabase(templateUrl, name),
    async drop() {
      await onTestServer(`drop database if exists ${sqlName(name)} with (force)`);
    },
  };
}

/** Runs one statement in TEST_DATABASE_URL's database and returns its rows. */
export function onTestServer<T>(statement: string): Promise<T[]> {
  return onDatabase<T>(process.env.TEST_DATABASE_URL!, statement);
}

/** Waits until the API answers (the "serving" line comes right after listen, this makes sure). */
export async function waitUntilServing(url: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`${url}/world/api/systemconfig`);
      if (response.ok) return;
    } catch {
      // Not yet accepting connections.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
