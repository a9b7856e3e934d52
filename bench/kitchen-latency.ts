/**
 * Kitchen figures (issue 7, issue 21 item 3, decision 055). A started server with several venues seeded
 * like the demo one and staff WebSocket clients on each:
 *
 * 1. quiet: orders one at a time, submission → kitchen message, median and p99;
 * 2. warm-up: the load's rate for BENCH_WARM_SECONDS (2) over every venue, reported apart;
 * 3. load: orders at a fixed rate (open loop, round robin over the venues), submission → kitchen socket
 *    p50 and p99, the HTTP reply's p50 and p99, orders shed (503), deliveries lost (an accepted order some
 *    socket of its venue never got);
 * 4. a bare `ws` broadcast at the same rate to the same number of sockets, for comparison.
 *
 *   npm run bench:kitchen
 *   BENCH_RATE=100 BENCH_SECONDS=10 BENCH_VENUES=4 BENCH_SOCKETS=240 npm run bench:kitchen
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:kitchen   # on PostgreSQL
 *
 * Server settings (DATABASE_POOL_SIZE, MAX_INFLIGHT_REQUESTS, ...) pass through from the environment.
 */
import os from 'node:os';
import { WebSocket, WebSocketServer } from 'ws';
import { startServer } from '../e2e/support/server.ts';
import {
  closeAll,
  connectStaff,
  createPostgresVenues,
  drain,
  lostDeliveries,
  percentile,
  prepareVenues,
  seedPgliteVenues,
  sendAtRate,
  submitOrder,
  venueHosts,
  type StaffClient,
} from './support/kitchen-load.ts';

const VENUES = Number(process.env.BENCH_VENUES ?? 4);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 240);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const QUIET_ORDERS = Number(process.env.BENCH_ORDERS ?? 50);
/** Seconds at the load's rate before it, reported apart (BENCH_WARM_SECONDS=0: none). */
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 2);
const DRAIN_MS = 30_000;
const perVenue = Math.ceil(SOCKETS / VENUES);

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The same fan-out without Sobremesa: one ws server, the same sockets, a message of the same size at the same rate. */
async function bareBroadcast(): Promise<{ p50: number; p99: number; lost: number }> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const port = (server.address() as { port: number }).port;
  const groups: WebSocket[][] = Array.from({ length: VENUES }, () => []);
  server.on('connection', (socket, request) =>
    groups[Number(new URL(request.url!, 'ws://x').searchParams.get('v'))]!.push(socket),
  );
  const latencies: number[] = [];
  const received = new Map<WebSocket, number>();
  const clients: WebSocket[] = [];
  for (let venue = 0; venue < VENUES; venue++) {
    for (let index = 0; index < perVenue; index++) {
      const client = new WebSocket(`ws://127.0.0.1:${port}/?v=${venue}`);
      received.set(client, 0);
      client.on('message', (data) => {
        received.set(client, received.get(client)! + 1);
        if (index === 0)
          latencies.push(performance.now() - (JSON.parse(String(data)) as { sentAt: number }).sentAt);
      });
      await new Promise((resolve) => client.once('open', resolve));
      clients.push(client);
    }
  }
  while (groups.reduce((sum, group) => sum + group.length, 0) < clients.length)
    await new Promise((r) => setTimeout(r, 10));
  const total = Math.round(RATE * SECONDS);
  const padding = 'x'.repeat(300);
  const started = performance.now();
  for (let index = 0; index < total; index++) {
    const wait = started + (index * 1000) / RATE - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const message = JSON.stringify({
      type: 'event',
      seq: index,
      topic: 'order.created',
      sentAt: performance.now(),
      padding,
    });
    for (const socket of groups[index % VENUES]!) socket.send(message);
  }
  const expected = (client: number) => Math.ceil((total - Math.floor(client / perVenue)) / VENUES);
  const deadline = performance.now() + DRAIN_MS;
  while (
    performance.now() < deadline &&
    clients.some((client, index) => received.get(client)! < expected(index))
  )
    await new Promise((resolve) => setTimeout(resolve, 50));
  const lost = clients.reduce(
    (sum, client, index) => sum + Math.max(0, expected(index) - received.get(client)!),
    0,
  );
  for (const client of clients) client.terminate();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), lost };
}

const serverUrl = process.env.BENCH_DATABASE_URL;
const database = serverUrl ? await createPostgresVenues(serverUrl, VENUES) : undefined;
// A generous start-up wait: the machine may be busy with other work when the bench runs.
const server = await startServer({
  readyTimeoutMs: 240_000,
  env: database ? { DATABASE_URL: database.url } : {},
  prepare: database ? undefined : (dataDir) => seedPgliteVenues(dataDir, VENUES),
});
let clients: StaffClient[][] = [];
try {
  const port = Number(new URL(server.url).port);
  const venues = await prepareVenues(port, venueHosts(VENUES));
  clients = await connectStaff(port, venues, perVenue);

  // 1. Quiet: one order at a time to the first venue.
  const quiet: number[] = [];
  for (let index = 0; index < QUIET_ORDERS; index++) {
    const order = await submitOrder(port, venues, 0);
    if (order.id === undefined) throw new Error(`order failed: ${order.status}`);
    await drain(clients, [order], DRAIN_MS);
    quiet.push(clients[0]![0]!.arrivals.get(order.id)! - order.sentAt);
  }

  // 2. Warm-up at the load's rate over every venue, reported apart: a server just started prepares each
  // statement on each pooled connection and compiles its hot code during its first second of load.
  const warm = await sendAtRate(port, venues, RATE, WARM_SECONDS);
  await drain(clients, warm, DRAIN_MS);
  const warmToKitchen = warm
    .filter((order) => order.id !== undefined)
    .map((order) => (clients[order.venue]![0]!.arrivals.get(order.id!) ?? Number.NaN) - order.sentAt)
    .filter((value) => !Number.isNaN(value));
  const warmLost = lostDeliveries(clients, warm);

  // 3. Load at a fixed rate.
  const orders = await sendAtRate(port, venues, RATE, SECONDS);
  await drain(clients, orders, DRAIN_MS);
  const accepted = orders.filter((order) => order.id !== undefined);
  const shed = orders.filter((order) => order.status === 503).length;
  const failed = orders.length - accepted.length - shed;
  const toKitchen = accepted
    .map((order) => clients[order.venue]![0]!.arrivals.get(order.id!))
    .map((arrival, index) => (arrival === undefined ? undefined : arrival - accepted[index]!.sentAt))
    .filter((value): value is number => value !== undefined);
  const replies = accepted.map((order) => order.repliedAt - order.sentAt);
  // The realtime part alone: from the commander's reply (the commit is just before it) to the kitchen socket.
  const afterReply = accepted
    .map((order) => {
      const arrival = clients[order.venue]![0]!.arrivals.get(order.id!);
      return arrival === undefined ? undefined : arrival - order.repliedAt;
    })
    .filter((value): value is number => value !== undefined);
  const lastArrival = Math.max(
    ...accepted.map((order) => clients[order.venue]![0]!.arrivals.get(order.id!) ?? 0),
  );
  const span = (lastArrival - Math.min(...orders.map((order) => order.sentAt))) / 1000;
  const lost = lostDeliveries(clients, orders);
  closeAll(clients);
  clients = [];

  // 4. The bare broadcast, with the server still up and idle.
  const bare = await bareBroadcast();

  const sockets = perVenue * VENUES;
  console.log(
    `${VENUES} venues, ${sockets} staff WebSocket clients (${perVenue} a venue), ${serverUrl ? 'PostgreSQL' : 'embedded PGlite'}, ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `quiet, ${QUIET_ORDERS} orders one at a time: submission → kitchen median ${ms(percentile(quiet, 50))}, p99 ${ms(percentile(quiet, 99))}`,
  );
  if (warm.length > 0)
    console.log(
      `warm-up, ${RATE} orders/s for ${WARM_SECONDS} s over every venue (not in the load's figures): ${warm.length} sent, ` +
        `submission → kitchen p50 ${ms(percentile(warmToKitchen, 50))}, p99 ${ms(percentile(warmToKitchen, 99))}, ${warmLost} deliveries lost`,
    );
  console.log(
    `load, ${RATE} orders/s for ${SECONDS} s (${orders.length} sent): ${accepted.length} accepted (${(accepted.length / span).toFixed(1)} orders/s reached the kitchens), ${shed} shed with 503, ${failed} failed`,
  );
  console.log(
    `  submission → kitchen socket: p50 ${ms(percentile(toKitchen, 50))}, p99 ${ms(percentile(toKitchen, 99))}`,
  );
  console.log(
    `  HTTP reply to the commander: p50 ${ms(percentile(replies, 50))}, p99 ${ms(percentile(replies, 99))}`,
  );
  console.log(
    `  HTTP reply → kitchen socket (negative: the socket had it first): p50 ${ms(percentile(afterReply, 50))}, p99 ${ms(percentile(afterReply, 99))}`,
  );
  console.log(`  lost deliveries (accepted order × socket of its venue never received): ${lost}`);
  console.log(
    `bare ws broadcast, same sockets and rate: p50 ${ms(bare.p50)}, p99 ${ms(bare.p99)}, lost ${bare.lost}`,
  );
} finally {
  closeAll(clients);
  await server.close();
  await database?.drop();
}
