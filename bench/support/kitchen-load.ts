/**
 * What the realtime benches share (decision 055): venues seeded like the demo one, staff sockets that
 * record when each order reached them, and orders sent through the API as the venues' tablets send them,
 * either at a fixed rate (open loop) or back to back (closed loop).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { REALTIME_PATH, REALTIME_PROTOCOL_VERSION, type ServerMessage } from '@sobremesa/contracts';
import pg from 'pg';
import WebSocket from 'ws';
import { openPglite } from '../../apps/server/src/db/pglite.ts';
import { openPostgres } from '../../apps/server/src/db/postgres.ts';
import type { DatabaseHandle } from '../../apps/server/src/db/database.ts';
import { seedDemoVenue, seedDemoVenueCopy } from '../../apps/server/src/modules/demo/demo-seed.ts';

export const DEMO_PASSWORD = 'sobremesa-demo';
const ACCOUNTS = ['cocina', 'barra', 'pasante', 'sala', 'sala1', 'tpv', 'admin'];
const TABLES_PER_VENUE = 10;

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The Host each bench venue answers on: the demo venue is the default one, the others `benchN`. */
export function venueHosts(count: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    index === 0 ? 'localhost' : `bench${index + 1}.localhost`,
  );
}

async function seed(handle: DatabaseHandle, venues: number): Promise<void> {
  await seedDemoVenue(handle.db);
  for (let index = 1; index < venues; index++) {
    await seedDemoVenueCopy(handle.db, `bench${index + 1}`, `Bench ${index + 1}`);
  }
}

/** Seeds the demo venue and `venues - 1` copies into an embedded data folder, before a server opens it. */
export async function seedPgliteVenues(dataDir: string, venues: number): Promise<void> {
  const handle = await openPglite(dataDir);
  try {
    await seed(handle, venues);
  } finally {
    await handle.close();
  }
}

/** A fresh database on the PostgreSQL server `serverUrl`, seeded; returns its URL and how to drop it. */
export async function createPostgresVenues(
  serverUrl: string,
  venues: number,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sobremesa_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString());
  try {
    await seed(handle, venues);
  } finally {
    await handle.close();
  }
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** A JSON call to the server on 127.0.0.1 as the venue's Host; a POST carries a fresh Idempotency-Key. */
export function callVenue(
  port: number,
  host: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        agent,
        method: payload === undefined ? 'GET' : 'POST',
        headers: {
          host,
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          let body: Record<string, unknown> = {};
          try {
            body = JSON.parse(text) as Record<string, unknown>;
          } catch {
            // Not JSON: the status says enough.
          }
          resolve({ status: response.statusCode ?? 0, body });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** A staff screen: says hello with its token and records when each order reached it. */
export class StaffClient {
  readonly arrivals = new Map<number, number>();
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as ServerMessage;
      if (message.type !== 'event' || message.topic !== 'order.created') return;
      const id = (message.payload as { cartSessionOrderId: number }).cartSessionOrderId;
      this.arrivals.set(id, performance.now());
    });
  }

  /**
   * `localAddress` is the loopback source address the socket comes from: each venue's tablets come from
   * their own (as from the venue's router), since one address may hold at most 64 sockets.
   */
  static connect(port: number, host: string, token: string, localAddress?: string): Promise<StaffClient> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}`, { headers: { host }, localAddress });
    const client = new StaffClient(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => ws.send(JSON.stringify({ type: 'hello', v: REALTIME_PROTOCOL_VERSION, token })));
      ws.once('message', (data) => {
        const message = JSON.parse(String(data)) as ServerMessage;
        if (message.type === 'welcome') resolve(client);
        else reject(new Error(`expected welcome, got ${String(data)}`));
      });
      ws.once('error', reject);
    });
  }
}

/** One bench venue on one server: its staff tokens and the walk-in tables orders go to. */
export interface BenchVenue {
  readonly host: string;
  readonly tokens: string[];
  readonly sala: string;
  readonly tables: number[];
}

/** Signs the demo accounts in on each venue and opens a walk-in on ten tables of each. */
export async function prepareVenues(port: number, hosts: readonly string[]): Promise<BenchVenue[]> {
  const venues: BenchVenue[] = [];
  for (const host of hosts) {
    const tokens: string[] = [];
    for (const account of ACCOUNTS) {
      const reply = await callVenue(port, host, '/world/api/user/login', {
        body: { userEmail: `${account}@demo.test`, password: DEMO_PASSWORD },
      });
      if (reply.status !== 200) throw new Error(`sign-in on ${host} failed: ${reply.status}`);
      tokens.push((reply.body.user as { token: string }).token);
    }
    const sala = tokens[ACCOUNTS.indexOf('sala')]!;
    const tables: number[] = [];
    for (let index = 0; index < TABLES_PER_VENUE; index++) {
      const reply = await callVenue(port, host, '/world/reservation/createwalkin', {
        token: sala,
        body: { name: `Bench ${index + 1}`, pax: 2 },
      });
      if (reply.status !== 201)
        throw new Error(`walk-in on ${host} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      tables.push((reply.body.reservation as { id: number }).id);
    }
    venues.push({ host, tokens, sala, tables });
  }
  return venues;
}

/** `perVenue` staff sockets on each venue (the first is the kitchen display), tokens taken in turn. */
export async function connectStaff(
  port: number,
  venues: readonly BenchVenue[],
  perVenue: number,
): Promise<StaffClient[][]> {
  const clients: StaffClient[][] = [];
  for (const [venueIndex, venue] of venues.entries()) {
    const own: StaffClient[] = [];
    const localAddress = `127.0.0.${10 + venueIndex}`;
    for (let index = 0; index < perVenue; index++)
      own.push(
        await StaffClient.connect(port, venue.host, venue.tokens[index % venue.tokens.length]!, localAddress),
      );
    clients.push(own);
  }
  return clients;
}

export interface SentOrder {
  readonly venue: number;
  readonly status: number;
  readonly id?: number;
  readonly sentAt: number;
  readonly repliedAt: number;
}

let sequence = 0;

/** Sends one order (a starter and two drinks) to a table of the venue. */
export async function submitOrder(
  port: number,
  venues: readonly BenchVenue[],
  venueIndex: number,
): Promise<SentOrder> {
  const venue = venues[venueIndex]!;
  const reservationId = venue.tables[sequence++ % venue.tables.length]!;
  const sentAt = performance.now();
  try {
    const reply = await callVenue(port, venue.host, '/world/api/cartsession/createcartsessionorder', {
      token: venue.sala,
      body: {
        orderInfo: { reservationId, source: 1 },
        products: [
          { sku: 'ENT-02', options: [], orderQuantity: 1 },
          { sku: 'BEB-02', options: [], orderQuantity: 2 },
        ],
      },
    });
    const id = reply.status === 201 ? (reply.body.cartSessionOrder as { id: number }).id : undefined;
    return { venue: venueIndex, status: reply.status, id, sentAt, repliedAt: performance.now() };
  } catch {
    return { venue: venueIndex, status: 0, sentAt, repliedAt: performance.now() };
  }
}

/** Orders at `rate` a second for `seconds`, round robin over the venues, each sent on time whatever the others do. */
export async function sendAtRate(
  port: number,
  venues: readonly BenchVenue[],
  rate: number,
  seconds: number,
): Promise<SentOrder[]> {
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const pending: Promise<SentOrder>[] = [];
  for (let index = 0; index < total; index++) {
    const due = started + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(submitOrder(port, venues, index % venues.length));
  }
  return Promise.all(pending);
}

/** `concurrency` tablets sending back to back for `seconds`; returns the orders the server took. */
export async function sendBackToBack(
  port: number,
  venues: readonly BenchVenue[],
  concurrency: number,
  seconds: number,
): Promise<SentOrder[]> {
  const until = performance.now() + seconds * 1000;
  const sent: SentOrder[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async (_, tablet) => {
      while (performance.now() < until) sent.push(await submitOrder(port, venues, tablet % venues.length));
    }),
  );
  return sent;
}

/** Waits until every socket of each order's venue has it, or `timeoutMs` passes; polls, no fixed sleep. */
export async function drain(
  clients: readonly StaffClient[][],
  orders: readonly SentOrder[],
  timeoutMs: number,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  const complete = () =>
    orders.every(
      (order) =>
        order.id === undefined || clients[order.venue]!.every((client) => client.arrivals.has(order.id!)),
    );
  while (!complete() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Deliveries missing: for each accepted order, the sockets of its venue that never got it. */
export function lostDeliveries(clients: readonly StaffClient[][], orders: readonly SentOrder[]): number {
  let lost = 0;
  for (const order of orders) {
    if (order.id === undefined) continue;
    for (const client of clients[order.venue]!) if (!client.arrivals.has(order.id)) lost++;
  }
  return lost;
}

export function closeAll(clients: readonly StaffClient[][]): void {
  for (const own of clients) for (const client of own) client.ws.terminate();
  agent.destroy();
}
