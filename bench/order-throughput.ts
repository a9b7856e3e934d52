/**
 * Guest orders (issue 21, decision 054): in one run, on a scratch database of a PostgreSQL server with the
 * demo venue and BENCH_VENUES - 1 copies of it (one server serves many venues; each venue's outbox counter
 * is a lock its orders take in turn, so one venue alone measures that lock rather than the server),
 *  1. the SQL statements one guest order costs, counted from PostgreSQL's own log (`log_statement = 'all'`
 *     on the scratch database only), for the demo venue as seeded (course firing, station printing) and
 *     with printing off;
 *  2. after a warm-up, guest orders/s through the endpoint (closed loop) next to a raw `pg` loop replaying the very
 *     statements the endpoint executed (recorded from the driver, fresh Idempotency-Keys), taking turns for
 *     BENCH_ROUNDS (3) rounds, with each round's ratio and the pooled one, and the CPU ms per order of Node
 *     and of PostgreSQL;
 *  3. an open-loop sweep, BENCH_OPEN_SECONDS (15) per rate after BENCH_OPEN_WARM_SECONDS (1) at that rate:
 *     the highest arrival rate whose p99 stays within 50 ms, with the longest stall of the server's event
 *     loop and of the load process's in each window, and the longest flush of an 8 KB write to the disk of
 *     the temporary folder (support/disk-flush-probe.ts). Before all, how long the idle machine stalls on its
 *     own (a virtual machine's pauses land in every p99).
 * The load runs in a child process (bench/order-load-client.ts) on raw sockets (support/lean-http-client.ts):
 * it shares the two cores with the server, so the less it takes the more the figures are the server's.
 * With BENCH_EMBEDDED=1 it measures the endpoint on the embedded database instead (steps 2 and 3 without the
 * raw loop and the log).
 *
 *   npm run bench:order
 *   BENCH_SECONDS=5 BENCH_ROUNDS=3 BENCH_WARM_SECONDS=2 BENCH_CONNECTIONS=16 BENCH_VENUES=4 BENCH_RATES=100,200,300 npm run bench:order
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres   (the default)
 *   BENCH_PG_LOG=/var/log/postgresql/postgresql-15-main.log          (the server log; default shown)
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { systemClock } from '../apps/server/src/context.ts';
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';
import { openPglite } from '../apps/server/src/db/pglite.ts';
import { openPostgres } from '../apps/server/src/db/postgres.ts';
import { tableBookings } from '../apps/server/src/db/schema/index.ts';
import { seedDemoVenue, seedDemoVenueCopy } from '../apps/server/src/modules/demo/demo-seed.ts';
import { DEMO_PASSWORD } from '../apps/server/src/lib/common-passwords.ts';
import type { OrderJob } from './order-load-client.ts';
import { startDiskFlushProbe } from './support/disk-flush-probe.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
/** Turns of endpoint then raw loop, `seconds` each, pooled into the ratio. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
/** Seconds of closed loop before each measured one, reported apart: a fresh server compiles its hot code meanwhile. */
const warmSeconds = Number(process.env.BENCH_WARM_SECONDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const rates = (process.env.BENCH_RATES ?? '50,100,150,200,250,300,400').split(',').map(Number);
/**
 * Seconds per open-loop rate. Fifteen: in five, a p99 is a dozen orders, and one flush of the virtual disk
 * that took 60–90 ms (seen beside PostgreSQL's own commits, 2026-11-27) set it on its own.
 */
const openSeconds = Number(process.env.BENCH_OPEN_SECONDS ?? 15);
/** Seconds of each open-loop rate before its window, not counted: the load process's own warm-up. */
const openWarmSeconds = Number(process.env.BENCH_OPEN_WARM_SECONDS ?? 1);
const embedded = process.env.BENCH_EMBEDDED === '1';
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const logPath = process.env.BENCH_PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
const TABLES = 40;
/**
 * Phones per table. Each phone's capability may send 60 orders in 10 minutes (SEC-04): the rounds and
 * the sweep send about 20,000 orders on a fast host, spread over the 11 × 40 phones that are not recorded.
 */
const GUEST_NAMES = [
  'Lucía',
  'Pablo',
  'Ana',
  'Jon',
  'Maite',
  'Iker',
  'Nerea',
  'Unai',
  'Carmen',
  'Xabi',
  'Laia',
  'Dani',
];
const GUESTS_PER_TABLE = GUEST_NAMES.length;
const VENUES = Number(process.env.BENCH_VENUES ?? 4);
/** The demo venue and its copies (`bench2`...), each on its own Host. */
const HOSTS = Array.from({ length: VENUES }, (_, index) =>
  index === 0 ? 'demo.localhost' : `bench${index + 1}.localhost`,
);
const dbName = `sobremesa_bench_${randomBytes(5).toString('hex')}`;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function dbUrl(): string {
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
}

interface Running {
  readonly app: FastifyInstance;
  readonly handle: DatabaseHandle;
  readonly port: number;
  close(): Promise<void>;
}

async function start(handle: DatabaseHandle): Promise<Running> {
  const { app } = await buildApp({
    database: handle,
    clock: systemClock,
    settings: { baseDomain: 'localhost', trustProxy: true },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return {
    app,
    handle,
    port: address.port,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

async function call(app: FastifyInstance, host: string, url: string, payload: unknown, token?: string) {
  const reply = await app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: {
      host,
      'idempotency-key': randomBytes(8).toString('hex'),
      'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250)}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  if (reply.statusCode >= 300) throw new Error(`${url}: ${reply.statusCode} ${reply.body}`);
  return reply.json() as Record<string, unknown>;
}

/** A guest's phone: its venue's Host, its table's account and its capability. */
interface Guest {
  readonly host: string;
  readonly reservationId: number;
  readonly uid: string;
}

/**
 * The demo venue and VENUES - 1 copies, TABLES seated walk-ins dealt round the venues, GUEST_NAMES phones
 * at each, and what every bench order asks for (the copies' menus are the demo's, sku for sku).
 */
async function setUp(running: Running) {
  await seedDemoVenue(running.handle.db);
  for (let index = 1; index < VENUES; index++)
    await seedDemoVenueCopy(running.handle.db, `bench${index + 1}`, `Bench ${index + 1}`);
  const { app } = running;
  const tokens: string[] = [];
  for (const host of HOSTS) {
    const login = await call(app, host, '/world/api/user/login', {
      userEmail: 'sala@demo.test',
      password: DEMO_PASSWORD,
    });
    tokens.push((login.user as { token: string }).token);
  }
  const guests: Guest[] = [];
  for (let n = 0; n < TABLES; n++) {
    const host = HOSTS[n % VENUES]!;
    const token = tokens[n % VENUES]!;
    const created = await call(
      app,
      host,
      '/world/reservation/createwalkin',
      { name: `Mesa ${n}`, pax: 2 },
      token,
    );
    const reservation = created.reservation as { id: number; wid: string };
    const qr = await call(
      app,
      host,
      '/world/api/reservation/account-qr',
      { reservationWid: reservation.wid },
      token,
    );
    // Several phones per table: each guest's capability has its own rate limit (60 orders in 10 min).
    for (const name of GUEST_NAMES) {
      const joined = await call(app, host, '/world/api/user/createguestusermenu', {
        reservationWid: reservation.wid,
        hostCode: qr.uid,
        name,
      });
      guests.push({ host, reservationId: reservation.id, uid: joined.uid as string });
    }
    // Frees the tables for the next walk-in; the account stays open.
    await running.handle.db.update(tableBookings).set({ status: 'released', releasedAt: new Date() });
  }
  const menu = await call(app, HOSTS[0]!, '/world/api/menu/get', {});
  type Product = {
    sku: string;
    isMenu: string;
    isUnitary: string;
    type: string;
    productOptions: { minChoices: number }[];
  };
  const walk = (categories: { products: Product[]; children: unknown[] }[]): Product[] =>
    categories.flatMap((category) => [
      ...category.products,
      ...walk(category.children as { products: Product[]; children: unknown[] }[]),
    ]);
  const all = (menu.menus as { menuCategories: { products: Product[]; children: unknown[] }[] }[]).flatMap(
    (entry) => walk(entry.menuCategories),
  );
  const plain = all.filter(
    (product) =>
      product.isMenu === 'NO' &&
      product.isUnitary === 'NO' &&
      product.productOptions.every((t) => t.minChoices === 0),
  );
  const drink = plain.find((product) => product.type === 'bebida');
  const dishes = plain.filter((product) => product.type !== 'bebida');
  if (!drink || dishes.length < 2) throw new Error('the demo menu lacks plain dishes and drinks');
  // A table's usual round: two dishes of different courses and a drink.
  const products = [drink, dishes[0]!, dishes.at(-1)!].map((product) => ({
    sku: product.sku,
    orderQuantity: 1,
    options: [],
  }));
  return { guests, products };
}

/**
 * The guests in the order the load client takes them: one from every table, then the next one of every
 * table. Orders from consecutive guests of one table would queue on that account's row lock (an order
 * holds it to its commit), a contention that the raw loop, one recording per table, does not have and
 * that phones at one table seldom make.
 */
function acrossTables<T extends { reservationId: number }>(guests: readonly T[]): T[] {
  const byTable = new Map<number, T[]>();
  for (const guest of guests)
    byTable.set(guest.reservationId, [...(byTable.get(guest.reservationId) ?? []), guest]);
  const tables = [...byTable.values()];
  const most = Math.max(...tables.map((table) => table.length));
  return Array.from({ length: most }, (_, seat) => tables.flatMap((table) => table[seat] ?? [])).flat();
}

function load(job: OrderJob): Promise<{
  orders: number;
  failures: number;
  failed: Record<string, number>;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  stallMs: number;
  cpuMsPerOrder: number;
}> {
  const client = fileURLToPath(new URL('./order-load-client.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', client, JSON.stringify(job)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load client exited ${code}`)),
    );
  });
}

/** CPU seconds of PostgreSQL backends of the scratch database (from /proc; 0 when not readable). */
async function postgresCpuMs(): Promise<number> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1',
    [dbName],
  );
  await client.end();
  const tick = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  let total = 0;
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / tick;
    } catch {
      // The backend ended meanwhile.
    }
  }
  return total;
}

function readFrom(path: string, offset: number): string {
  const size = statSync(path).size;
  const buffer = Buffer.alloc(Math.max(0, size - offset));
  const fd = openSync(path, 'r');
  readSync(fd, buffer, 0, buffer.length, offset);
  closeSync(fd);
  return buffer.toString();
}

/** Statements PostgreSQL logged for the scratch database since `offset`. */
function loggedStatements(offset: number): string[] {
  return readFrom(logPath, offset)
    .split('\n')
    .filter((line) => line.includes(`@${dbName} `) && /LOG:\s+(statement|execute [^:]*):/.test(line))
    .map((line) => line.replace(/^.*LOG:\s+/, ''));
}

async function countStatements(
  guests: readonly Guest[],
  products: readonly unknown[],
  printing: boolean,
): Promise<{ perOrder: number; sample: string[] }> {
  const handle = await openPostgres(dbUrl());
  await handle.db.execute(
    sql`update venues set settings = settings || jsonb_build_object('printEnabled', ${printing}::boolean)`,
  );
  const running = await start(handle);
  const ORDERS = 10;
  const order = (n: number) =>
    call(running.app, guests[n % guests.length]!.host, '/world/api/cartsession/createcartsessionorder', {
      uid: guests[n % guests.length]!.uid,
      orderInfo: {
        reservationId: guests[n % guests.length]!.reservationId,
        name: 'Bench',
        pax: 2,
        source: 2,
      },
      products,
    });
  await order(0); // connections made, statements prepared
  const offset = statSync(logPath).size;
  for (let n = 1; n <= ORDERS; n++) await order(n);
  // The log is written by the server processes: wait until it has every order's COMMIT.
  let statements: string[] = [];
  for (let tries = 0; tries < 50; tries++) {
    statements = loggedStatements(offset);
    if (statements.filter((line) => /^statement: commit/i.test(line)).length >= ORDERS) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await running.close();
  const firstCommit = statements.findIndex((line) => /^statement: commit/i.test(line));
  return { perOrder: statements.length / ORDERS, sample: statements.slice(0, firstCommit + 1) };
}

interface Recorded {
  readonly statements: { name?: string; text: string; values: unknown[] }[];
  readonly key: string;
}

/** Records the statements one endpoint order executes on its transaction's connection. */
let recordings = 0;

async function record(running: Running, guest: Guest, products: readonly unknown[]): Promise<Recorded> {
  const key = `record-${randomBytes(6).toString('hex')}`;
  // Each recording from its own address (RFC 5737): the raw loop replays its rate-limit counts.
  recordings += 1;
  const seen: { client: pg.Client; name?: string; text: string; values: unknown[] }[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [string | pg.QueryConfig, unknown[] | undefined];
    const config = typeof first === 'string' ? { text: first, values: second ?? [] } : first;
    seen.push({
      client: this,
      name: config.name,
      text: config.text,
      values: [...(config.values ?? second ?? [])],
    });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    const reply = await running.app.inject({
      method: 'POST',
      url: '/world/api/cartsession/createcartsessionorder',
      headers: { host: guest.host, 'idempotency-key': key, 'x-forwarded-for': `192.0.2.${recordings}` },
      payload: {
        uid: guest.uid,
        orderInfo: { reservationId: guest.reservationId, name: 'Bench', pax: 2, source: 2 },
        products,
      } as Record<string, unknown>,
    });
    if (reply.statusCode !== 201) throw new Error(`recording order: ${reply.statusCode} ${reply.body}`);
  } finally {
    pg.Client.prototype.query = original;
  }
  const begin = seen.findIndex((entry) => /^begin/i.test(entry.text));
  const client = seen[begin]!.client;
  const statements = seen.filter((entry, index) => index >= begin && entry.client === client);
  const commit = statements.findIndex((entry) => /^commit/i.test(entry.text));
  return {
    statements: statements.slice(0, commit + 1).map(({ name, text, values }) => ({ name, text, values })),
    key,
  };
}

/** The recorded statements again with a fresh key (and so a fresh order), straight through `pg`. */
async function rawLoop(
  recordings: readonly Recorded[],
  durationMs: number,
): Promise<{ orders: number; perSecond: number; postgresCpuMs: number }> {
  const pool = new pg.Pool({ connectionString: dbUrl(), max: 10 });
  const pgBefore = await postgresCpuMs();
  let sequence = 0;
  let orders = 0;
  const started = performance.now();
  const until = started + durationMs;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const n = sequence++;
        const recording = recordings[n % recordings.length]!;
        const fresh = `raw-${n}-${randomBytes(3).toString('hex')}`;
        const client = await pool.connect();
        try {
          // The outbox's seq comes back from the counter it bumps: the append uses what this run got.
          let seq: unknown;
          for (const statement of recording.statements) {
            const values = statement.values.map((value) =>
              typeof value === 'string' && value.includes(recording.key)
                ? value.split(recording.key).join(fresh)
                : value,
            );
            if (/insert into "realtime_events"/i.test(statement.text) && seq !== undefined) values[1] = seq;
            const result = await client.query(
              statement.name
                ? { name: statement.name, text: statement.text, values }
                : { text: statement.text, values },
            );
            if (/venue_counters/i.test(statement.text))
              seq = (result.rows[0] as { value?: unknown } | undefined)?.value;
          }
          orders++;
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      }
    }),
  );
  const elapsed = performance.now() - started;
  // Read before the pool ends: its backends' CPU goes with them.
  const pgCpu = (await postgresCpuMs()) - pgBefore;
  await pool.end();
  return { orders, perSecond: orders / (elapsed / 1000), postgresCpuMs: pgCpu };
}

const f1 = (value: number) => value.toFixed(1);

async function main(): Promise<void> {
  console.log(
    `Sobremesa guest orders: ${embedded ? 'embedded PGlite' : `PostgreSQL (${dbName})`}, ${seconds} s per closed-loop run, ` +
      `${connections} connections, Node ${process.version}, ${os.cpus().length} CPU(s); load before: ${os.loadavg().map(f1).join(' ')}`,
  );
  console.log(`  ${await machinePauses()}`);
  if (embedded) {
    const running = await start(await openPglite());
    try {
      const setUpDone = await setUp(running);
      const guests = acrossTables(setUpDone.guests);
      const { products } = setUpDone;
      await warmUp(running.port, guests, products);
      const before = process.cpuUsage();
      const closed = await load({
        port: running.port,
        guests,
        products,
        mode: 'closed',
        connections,
        rate: 0,
        durationMs: seconds * 1000,
        tag: 'closed',
      });
      const cpu = process.cpuUsage(before);
      console.log(
        `  endpoint (closed loop): ${f1(closed.perSecond)} orders/s, p50 ${f1(closed.p50)} ms, p99 ${f1(closed.p99)} ms, ` +
          `${closed.failures} failed; Node (with the embedded database) ${f1((cpu.user + cpu.system) / 1000 / Math.max(1, closed.orders))} CPU ms/order`,
      );
      await sweep(running.port, guests, products);
    } finally {
      await running.close();
    }
    return;
  }
  await admin(`create database ${dbName}`);
  try {
    const setupHandle = await openPostgres(dbUrl());
    const setupRun = await start(setupHandle);
    const { guests, products } = await setUp(setupRun);
    await setupRun.close();

    await admin(`alter database ${dbName} set log_statement = 'all'`);
    const printed = await countStatements(guests, products, true);
    const unprinted = await countStatements(guests, products, false);
    await admin(`alter database ${dbName} reset log_statement`);
    console.log(
      `  statements per guest order, from PostgreSQL's log: ${f1(unprinted.perOrder)} (station printing off), ${f1(printed.perOrder)} (demo venue, printing on)`,
    );
    for (const line of unprinted.sample) console.log(`    ${line.slice(0, 150)}`);

    const running = await start(await openPostgres(dbUrl()));
    try {
      // The raw loop replays its recordings' rate-limit counts: on a fast machine it passes their guests'
      // limit within seconds, so the endpoint's load is sent by the other guests.
      const recorded = guests.filter((_, index) => index % GUESTS_PER_TABLE === 0);
      const loaded = acrossTables(guests.filter((_, index) => index % GUESTS_PER_TABLE !== 0));
      const recordings: Recorded[] = [];
      for (const guest of recorded) recordings.push(await record(running, guest, products));
      await warmUp(running.port, loaded, products);
      if (warmSeconds > 0) await rawLoop(recordings, warmSeconds * 1000);
      // Endpoint and raw loop take turns, round after round: this host's speed drifts by half within
      // minutes, and a ratio of two windows minutes apart would measure the drift.
      const totals = { endpoint: 0, endpointMs: 0, raw: 0, rawMs: 0, nodeMs: 0, pgMs: 0, loadMs: 0 };
      const raws = { nodeMs: 0, pgMs: 0 };
      for (let round = 1; round <= rounds; round++) {
        const pgBefore = await postgresCpuMs();
        const nodeBefore = process.cpuUsage();
        const closed = await load({
          port: running.port,
          guests: loaded,
          products,
          mode: 'closed',
          connections,
          rate: 0,
          durationMs: seconds * 1000,
          tag: `closed-${randomBytes(3).toString('hex')}`,
        });
        const nodeCpu = process.cpuUsage(nodeBefore);
        totals.pgMs += (await postgresCpuMs()) - pgBefore;
        totals.nodeMs += (nodeCpu.user + nodeCpu.system) / 1000;
        totals.loadMs += closed.cpuMsPerOrder * closed.orders;
        totals.endpoint += closed.orders;
        totals.endpointMs += (closed.orders / closed.perSecond) * 1000;
        const rawNodeBefore = process.cpuUsage();
        const raw = await rawLoop(recordings, seconds * 1000);
        const rawNodeCpu = process.cpuUsage(rawNodeBefore);
        raws.nodeMs += (rawNodeCpu.user + rawNodeCpu.system) / 1000;
        raws.pgMs += raw.postgresCpuMs;
        totals.raw += raw.orders;
        totals.rawMs += (raw.orders / raw.perSecond) * 1000;
        console.log(
          `  round ${round}: endpoint (closed loop) ${f1(closed.perSecond)} orders/s, p50 ${f1(closed.p50)} ms, p99 ${f1(closed.p99)} ms, ` +
            `${closed.failures} failed; raw pg loop of the same ${recordings[0]!.statements.length} statements ${f1(raw.perSecond)} orders/s; ` +
            `ratio ${(closed.perSecond / raw.perSecond).toFixed(2)}`,
        );
      }
      const endpointRate = totals.endpoint / (totals.endpointMs / 1000);
      const rawRate = totals.raw / (totals.rawMs / 1000);
      console.log(
        `  ${rounds} rounds: endpoint ${f1(endpointRate)} orders/s, raw ${f1(rawRate)} orders/s, ratio endpoint / raw: ${(endpointRate / rawRate).toFixed(2)} (target >= 0.7)`,
      );
      const per = (ms: number, orders: number) => f1(ms / Math.max(1, orders));
      console.log(
        `  CPU per order: Node ${per(totals.nodeMs, totals.endpoint)} ms, PostgreSQL ${per(totals.pgMs, totals.endpoint)} ms ` +
          `(the load process: ${per(totals.loadMs, totals.endpoint)} ms)`,
      );
      console.log(
        `  CPU per raw order: Node ${per(raws.nodeMs, totals.raw)} ms, PostgreSQL ${per(raws.pgMs, totals.raw)} ms`,
      );
      await sweep(running.port, loaded, products);
    } finally {
      await running.close();
    }
  } finally {
    await admin(`drop database if exists ${dbName} with (force)`);
  }
  console.log(`  load after: ${os.loadavg().map(f1).join(' ')}`);
}

/** The closed loop for `warmSeconds`, printed apart and left out of every figure. */
async function warmUp(port: number, guests: OrderJob['guests'], products: readonly unknown[]): Promise<void> {
  if (warmSeconds <= 0) return;
  const warm = await load({
    port,
    guests,
    products,
    mode: 'closed',
    connections,
    rate: 0,
    durationMs: warmSeconds * 1000,
    tag: `warm-${randomBytes(3).toString('hex')}`,
  });
  console.log(
    `  warm-up (not in the figures): ${warm.orders} orders in ${warmSeconds} s, p99 ${f1(warm.p99)} ms, ${warm.failures} failed`,
  );
}

/**
 * How long this machine stalls on its own: 1 ms timers for 2 s before any load. A virtual machine that
 * pauses for tens of milliseconds puts those into every p99 below, whatever the server does.
 */
async function machinePauses(): Promise<string> {
  const gaps: number[] = [];
  let last = performance.now();
  const until = last + 2000;
  while (performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    const now = performance.now();
    gaps.push(now - last);
    last = now;
  }
  gaps.sort((a, b) => a - b);
  const over = gaps.filter((gap) => gap > 20).length;
  return `the machine idle, 1 ms timers for 2 s: p99 ${f1(gaps[Math.floor(gaps.length * 0.99)]!)} ms, longest ${f1(gaps.at(-1)!)} ms, ${over} over 20 ms`;
}

async function sweep(port: number, guests: OrderJob['guests'], products: readonly unknown[]): Promise<void> {
  let best = 0;
  for (const rate of rates) {
    const serverStalls = monitorEventLoopDelay({ resolution: 5 });
    serverStalls.enable();
    const flushes = await startDiskFlushProbe();
    const result = await load({
      port,
      guests,
      products,
      mode: 'open',
      connections,
      rate,
      durationMs: openSeconds * 1000,
      warmMs: openWarmSeconds * 1000,
      tag: `open-${rate}-${randomBytes(3).toString('hex')}`,
    });
    serverStalls.disable();
    const disk = await flushes.stop();
    const ok = result.p99 <= 50 && result.failures === 0;
    console.log(
      `  open loop ${String(rate).padStart(4)} orders/s: served ${f1(result.perSecond)}/s, p50 ${f1(result.p50)} ms, p99 ${f1(result.p99)} ms, ${result.failures} failed${result.failures ? ` ${JSON.stringify(result.failed)}` : ''}; ` +
        `longest event-loop stall: server ${f1(serverStalls.max / 1e6)} ms, load ${f1(result.stallMs)} ms; ` +
        `longest disk flush ${f1(disk.longestMs)} ms (${disk.over20} over 20 ms)${ok ? '' : '  <- over 50 ms'}`,
    );
    if (!ok) break;
    best = rate;
  }
  console.log(`  highest arrival rate with p99 <= 50 ms: ${best} orders/s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
