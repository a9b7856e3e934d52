/**
 * Two instances on one PostgreSQL (issue 21 item 3, decision 055): the orders per second instance A
 * takes from tablets sending back to back, alone and then with a second instance B listening (staff
 * sockets of every venue on B, so B receives and fans out every event A writes). Target: with B at least
 * 0.8 of alone. Every accepted order must reach every socket, on A and on B.
 *
 *   npm run bench:two-instances
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_SECONDS=10 BENCH_CONCURRENCY=16 npm run bench:two-instances
 */
import os from 'node:os';
import { removeDataDir, spawnServer, type ServerProcess } from '../e2e/support/server.ts';
import {
  closeAll,
  connectStaff,
  createPostgresVenues,
  drain,
  lostDeliveries,
  prepareVenues,
  sendBackToBack,
  venueHosts,
  type SentOrder,
  type StaffClient,
} from './support/kitchen-load.ts';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const VENUES = Number(process.env.BENCH_VENUES ?? 4);
const PER_VENUE = Number(process.env.BENCH_SOCKETS_PER_VENUE ?? 30);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const WARMUP_SECONDS = 2;
const DRAIN_MS = 30_000;

async function start(databaseUrl: string): Promise<{ server: ServerProcess; port: number }> {
  const server = spawnServer({ env: { DATABASE_URL: databaseUrl }, readyTimeoutMs: 240_000 });
  const port = Number(new URL(await server.ready).port);
  return { server, port };
}

const accepted = (orders: readonly SentOrder[]) => orders.filter((order) => order.id !== undefined);

const database = await createPostgresVenues(SERVER_URL, VENUES);
const servers: ServerProcess[] = [];
const sockets: StaffClient[][][] = [];
try {
  const a = await start(database.url);
  servers.push(a.server);
  const venues = await prepareVenues(a.port, venueHosts(VENUES));
  const onA = await connectStaff(a.port, venues, PER_VENUE);
  sockets.push(onA);

  await sendBackToBack(a.port, venues, CONCURRENCY, WARMUP_SECONDS);
  const alone = accepted(await sendBackToBack(a.port, venues, CONCURRENCY, SECONDS));
  await drain(onA, alone, DRAIN_MS);
  const lostAlone = lostDeliveries(onA, alone);

  const b = await start(database.url);
  servers.push(b.server);
  const onB = await connectStaff(b.port, venues, PER_VENUE);
  sockets.push(onB);
  await sendBackToBack(a.port, venues, CONCURRENCY, WARMUP_SECONDS);
  const withB = accepted(await sendBackToBack(a.port, venues, CONCURRENCY, SECONDS));
  await drain([...onA, ...onB], withB, DRAIN_MS);
  const lostWithB = lostDeliveries(onA, withB) + lostDeliveries(onB, withB);

  const rateAlone = alone.length / SECONDS;
  const rateWithB = withB.length / SECONDS;
  console.log(
    `two instances on one PostgreSQL, ${VENUES} venues, ${PER_VENUE} staff sockets a venue on each instance, ${CONCURRENCY} tablets back to back for ${SECONDS} s, ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.log(`A alone: ${rateAlone.toFixed(1)} orders/s, lost deliveries ${lostAlone}`);
  console.log(`A with B listening: ${rateWithB.toFixed(1)} orders/s, lost deliveries (A and B) ${lostWithB}`);
  console.log(`ratio with B / alone: ${(rateWithB / rateAlone).toFixed(2)} (target >= 0.8)`);
} finally {
  for (const clients of sockets) closeAll(clients);
  for (const server of servers) await server.stop();
  for (const server of servers) removeDataDir(server.dataDir);
  await database.drop();
}
