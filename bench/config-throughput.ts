/**
 * Throughput of an authenticated configuration call on the real app next to a bare Fastify route on the
 * same machine (issue 2, "Done when"). Both listen on 127.0.0.1; the load comes from a worker thread.
 *
 *   npm run bench                       10 s per target, 32 connections
 *   BENCH_SECONDS=3 BENCH_CONNECTIONS=16 npm run bench
 *   BENCH_CHECK_REPLIES=1 npm run bench  with every reply checked against its contract (decision 067)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 *                                       on PostgreSQL instead of in-memory PGlite (a scratch database
 *                                       is created on that server and dropped afterwards)
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { systemClock } from '../apps/server/src/context.ts';
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';
import { openPglite } from '../apps/server/src/db/pglite.ts';
import { openPostgres } from '../apps/server/src/db/postgres.ts';
import { createStaffAccount } from '../apps/server/src/modules/users/staff-accounts.service.ts';
import { createVenue } from '../apps/server/src/modules/venues/venue-provisioning.service.ts';
import { measure, type LoadOptions, type LoadResult } from './load.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const checkReplies = process.env.BENCH_CHECK_REPLIES === '1';
const serverUrl = process.env.BENCH_DATABASE_URL;
const BENCH_PASSWORD = 'bench password of the venue';

interface Target {
  readonly label: string;
  readonly request: Pick<LoadOptions, 'method' | 'path' | 'headers' | 'body'>;
}

function portOf(app: FastifyInstance): number {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server is not listening on a TCP port');
  return address.port;
}

/** In-memory PGlite, or a scratch database on the PostgreSQL server of BENCH_DATABASE_URL. */
async function openBenchDatabase(): Promise<DatabaseHandle> {
  if (!serverUrl) return openPglite();
  const name = `sobremesa_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString());
  return {
    ...handle,
    async close() {
      await handle.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** The real app on the bench database with one venue and one signed-in admin. */
async function startRealApp(): Promise<{ app: FastifyInstance; token: string; close(): Promise<void> }> {
  const database = await openBenchDatabase();
  const venue = await createVenue(database.db, {
    subdomain: 'bench',
    businessName: 'Casa Bench',
    isDefault: true,
  });
  await createStaffAccount(database.db, {
    venueId: venue.id,
    email: 'bench@sobremesa.test',
    name: 'Bench',
    password: BENCH_PASSWORD,
    isAdmin: true,
    copilotEnabled: true,
  });
  const { app } = await buildApp({
    database,
    clock: systemClock,
    settings: { baseDomain: 'localhost', trustProxy: false, checkReplies },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const login = await app.inject({
    method: 'POST',
    url: '/world/api/user/login',
    payload: { userEmail: 'bench@sobremesa.test', password: BENCH_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`bench sign-in failed: ${login.statusCode} ${login.body}`);
  const token = (login.json() as { user: { token: string } }).user.token;
  return {
    app,
    token,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The authenticated configuration call to measure: accounting-config where it exists, else copilotrole/list. */
async function chooseConfigCall(app: FastifyInstance, token: string): Promise<Target> {
  const headers = { authorization: `Bearer ${token}` };
  const candidates: Target[] = [
    {
      label: 'POST /world/api/accounting-config',
      request: { method: 'POST', path: '/world/api/accounting-config', headers, body: {} },
    },
    {
      label: 'GET /world/api/copilotrole/list',
      request: { method: 'GET', path: '/world/api/copilotrole/list', headers },
    },
  ];
  for (const candidate of candidates) {
    const reply = await app.inject({
      method: candidate.request.method,
      url: candidate.request.path,
      headers: candidate.request.headers,
      ...(candidate.request.body === undefined
        ? {}
        : { payload: candidate.request.body as Record<string, unknown> }),
    });
    if (reply.statusCode === 200) return candidate;
  }
  throw new Error('no authenticated configuration call answers 200');
}

async function startBareFastify(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ result: 0 }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}

function run(port: number, target: Target): Promise<LoadResult> {
  return measure({
    port,
    ...target.request,
    expectStatus: 200,
    connections,
    warmupMs: 1_000,
    durationMs: seconds * 1_000,
  });
}

function row(label: string, result: LoadResult): string {
  const figures = [
    `${Math.round(result.requestsPerSecond).toLocaleString('en-US').padStart(9)} req/s`,
    `p50 ${result.p50Ms.toFixed(2).padStart(6)} ms`,
    `p99 ${result.p99Ms.toFixed(2).padStart(6)} ms`,
    `max ${result.maxMs.toFixed(1).padStart(6)} ms`,
    `${result.requests} requests`,
  ];
  if (result.unexpectedStatus || result.networkErrors) {
    figures.push(`${result.unexpectedStatus} bad status, ${result.networkErrors} network errors`);
  }
  return `  ${label.padEnd(44)} ${figures.join('  ')}`;
}

async function main(): Promise<void> {
  const real = await startRealApp();
  const bare = await startBareFastify();
  try {
    const configCall = await chooseConfigCall(real.app, real.token);
    const bareRoute: Target = {
      label: 'GET /bare (bare Fastify)',
      request: { method: 'GET', path: '/bare' },
    };

    console.log(
      `Sobremesa config throughput: ${seconds} s per target after 1 s warm-up, ${connections} keep-alive ` +
        `connections on 127.0.0.1, ${serverUrl ? 'PostgreSQL' : 'in-memory PGlite'}, Node ${process.version}, ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? 'unknown'})`,
    );
    const configResult = await run(portOf(real.app), configCall);
    console.log(row(`${configCall.label} (bearer)`, configResult));
    const bareResult = await run(portOf(bare), bareRoute);
    console.log(row(bareRoute.label, bareResult));

    const ratio = configResult.requestsPerSecond / bareResult.requestsPerSecond;
    console.log(
      `  ratio: the authenticated config call runs at ${(ratio * 100).toFixed(1)}% of the bare route's throughput ` +
        `(${(1 / ratio).toFixed(1)}x fewer requests per second)`,
    );
    if (
      configResult.unexpectedStatus ||
      configResult.networkErrors ||
      bareResult.unexpectedStatus ||
      bareResult.networkErrors
    ) {
      process.exitCode = 1;
      console.error('Some requests failed: the figures above are not comparable.');
    }
  } finally {
    await bare.close();
    await real.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
