/**
 * Kitchen figures (issue 7, "Done when"): with 50 staff WebSocket clients connected to a started server
 * (demo venue), the latency from submitting an order (commander, through the API) to the kitchen client
 * receiving its `order.created` message, as median and p99, and the orders per second the server sustains
 * with several tablets sending at once (every order reaching the kitchen client).
 *
 *   npm run bench:kitchen
 *   BENCH_ORDERS=400 BENCH_CONCURRENCY=16 npm run bench:kitchen
 */
import { REALTIME_PATH, REALTIME_PROTOCOL_VERSION, type ServerMessage } from '@sobremesa/contracts';
import WebSocket from 'ws';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from '../e2e/support/api.ts';
import { startServer } from '../e2e/support/server.ts';

const CLIENTS = 50;
const LATENCY_ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const THROUGHPUT_ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const TABLES = 10;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A staff screen: says hello with its token and records when each order reached it. */
class StaffClient {
  readonly arrivals = new Map<number, number>();
  private waiters = new Map<number, () => void>();
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as ServerMessage;
      if (message.type !== 'event' || message.topic !== 'order.created') return;
      const id = (message.payload as { cartSessionOrderId: number }).cartSessionOrderId;
      this.arrivals.set(id, performance.now());
      this.waiters.get(id)?.();
      this.waiters.delete(id);
    });
  }

  static connect(base: string, token: string): Promise<StaffClient> {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${REALTIME_PATH}`);
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

  /** When order `id` arrived (waiting for it if it has not yet). */
  arrival(id: number): Promise<number> {
    const at = this.arrivals.get(id);
    if (at !== undefined) return Promise.resolve(at);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`order ${id} never reached the kitchen`)), 30_000);
      this.waiters.set(id, () => {
        clearTimeout(timer);
        resolve(this.arrivals.get(id)!);
      });
    });
  }
}

// A generous start-up wait: the machine may be busy with other work when the bench runs.
const server = await startServer({ readyTimeoutMs: 240_000 });
const clients: StaffClient[] = [];
try {
  const accounts = ['cocina', 'barra', 'pasante', 'sala', 'sala1', 'tpv', 'admin'];
  const tokens: string[] = [];
  for (const account of accounts)
    tokens.push(await signInThroughApi(server.url, `${account}@demo.test`, DEMO_PASSWORD));
  const sala = tokens[accounts.indexOf('sala')]!;
  // The kitchen display is the first client; the other 49 are the rest of the staff's tablets and phones.
  for (let index = 0; index < CLIENTS; index++)
    clients.push(await StaffClient.connect(server.url, tokens[index % tokens.length]!));
  const kitchen = clients[0]!;

  const post = async (path: string, body: unknown) => {
    const response = await callWithToken(server.url, path, sala, body);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const tables: number[] = [];
  for (let index = 0; index < TABLES; index++) {
    const reply = await post('/world/reservation/createwalkin', { name: `Bench ${index + 1}`, pax: 2 });
    if (reply.status !== 201)
      throw new Error(`walk-in failed: ${reply.status} ${JSON.stringify(reply.body)}`);
    tables.push((reply.body.reservation as { id: number }).id);
  }
  let sent = 0;
  const submit = async (): Promise<{ id: number; sentAt: number; repliedAt: number }> => {
    const reservationId = tables[sent++ % tables.length]!;
    const sentAt = performance.now();
    const reply = await post('/world/api/cartsession/createcartsessionorder', {
      orderInfo: { reservationId, source: 1 },
      products: [
        { sku: 'ENT-02', options: [], orderQuantity: 1 },
        { sku: 'BEB-02', options: [], orderQuantity: 2 },
      ],
    });
    if (reply.status !== 201) throw new Error(`order failed: ${reply.status} ${JSON.stringify(reply.body)}`);
    return { id: (reply.body.cartSessionOrder as { id: number }).id, sentAt, repliedAt: performance.now() };
  };

  // Latency: one order at a time, as a quiet service sends them.
  const latencies: number[] = [];
  const replies: number[] = [];
  for (let index = 0; index < LATENCY_ORDERS; index++) {
    const { id, sentAt, repliedAt } = await submit();
    latencies.push((await kitchen.arrival(id)) - sentAt);
    replies.push(repliedAt - sentAt);
  }

  // Throughput: CONCURRENCY tablets sending back to back; the clock stops when the kitchen has them all.
  const ids: number[] = [];
  const started = performance.now();
  let remaining = THROUGHPUT_ORDERS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (remaining > 0) {
        remaining--;
        ids.push((await submit()).id);
      }
    }),
  );
  const lastArrival = Math.max(...(await Promise.all(ids.map((id) => kitchen.arrival(id)))));
  const seconds = (lastArrival - started) / 1000;
  // Every tablet must get every order too (the wait fails after 30 s otherwise).
  await Promise.all(clients.map((client) => Promise.all(ids.map((id) => client.arrival(id)))));

  console.log(`${CLIENTS} staff WebSocket clients connected (demo venue, ${TABLES} tables)`);
  console.log(
    `submission → kitchen message, ${LATENCY_ORDERS} orders one at a time: median ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
  );
  console.log(
    `  (of which the HTTP reply to the commander: median ${percentile(replies, 50).toFixed(1)} ms, p99 ${percentile(replies, 99).toFixed(1)} ms)`,
  );
  console.log(
    `sustained: ${THROUGHPUT_ORDERS} orders from ${CONCURRENCY} tablets at once in ${seconds.toFixed(2)} s = ${(THROUGHPUT_ORDERS / seconds).toFixed(1)} orders/s (all ${CLIENTS} clients received every order)`,
  );
} finally {
  for (const client of clients) client.ws.close();
  await server.close();
}
