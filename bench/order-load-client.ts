/**
 * The load side of bench/order-throughput.ts, in its own process so the server's CPU time is its own.
 * Reads one JSON job from argv: guest orders against `port`, closed loop (`connections` in flight) or open
 * loop (`rate` arrivals per second whatever the replies), each order from its own table, address and key.
 * Prints one JSON line: orders, failures, orders/s, p50/p99/max latency (open loop: from the scheduled
 * arrival, so queueing counts), the longest stall of this process's event loop and its CPU ms per order.
 * 32 untimed orders go first; in the open loop, `warmMs` of arrivals at the rate too.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { LeanHttpClient } from './support/lean-http-client.ts';

export interface OrderJob {
  readonly port: number;
  /** Each guest's venue answers on its own Host. */
  readonly guests: readonly { host: string; reservationId: number; uid: string }[];
  readonly products: readonly unknown[];
  readonly mode: 'closed' | 'open';
  readonly connections: number;
  readonly rate: number;
  readonly durationMs: number;
  /** Open loop: arrivals at `rate` for this long before the window, not counted (0 when absent). */
  readonly warmMs?: number;
  readonly tag: string;
}

const job = JSON.parse(process.argv[2]!) as OrderJob;
const client = new LeanHttpClient(job.port);
let sequence = 0;
/** Each guest's body, written once: only the headers change from one order to the next. */
const bodies = job.guests.map((guest) =>
  JSON.stringify({
    uid: guest.uid,
    orderInfo: { reservationId: guest.reservationId, name: 'Bench', pax: 2, source: 2 },
    products: job.products,
  }),
);

async function order(): Promise<number> {
  const index = sequence++;
  const guest = job.guests[index % job.guests.length]!;
  const answer = await client.post(
    '/world/api/cartsession/createcartsessionorder',
    {
      host: guest.host,
      'content-type': 'application/json',
      'idempotency-key': `${job.tag}-${index}`,
      // Documentation addresses (RFC 5737), one per table: only a header, no traffic goes there.
      'x-forwarded-for': `198.51.100.${index % 250}`,
    },
    bodies[index % job.guests.length]!,
  );
  if (answer.status !== 201 && process.env.BENCH_SHOW_FAILURES === '1')
    process.stderr.write(`order ${index} (${guest.uid.slice(0, 6)}): ${answer.status} ${answer.body}\n`);
  return answer.status;
}

async function main(): Promise<void> {
  // A fresh process runs its own code interpreted at first: a few untimed orders before the window, so
  // that is not counted as the server's latency.
  for (let wave = 0; wave < 4; wave++) await Promise.all(Array.from({ length: 8 }, order));
  const latencies: number[] = [];
  let failures = 0;
  const failed: Record<string, number> = {};
  // This process's own stalls (its collector, the machine) count as latency in the open loop: reported apart.
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  stalls.enable();
  const cpu = process.cpuUsage();
  let started = performance.now();
  const record = (status: number, from: number) => {
    if (status === 201) latencies.push(performance.now() - from);
    else {
      failures++;
      failed[status] = (failed[status] ?? 0) + 1;
    }
  };
  if (job.mode === 'closed') {
    const until = started + job.durationMs;
    await Promise.all(
      Array.from({ length: job.connections }, async () => {
        while (performance.now() < until) {
          const from = performance.now();
          record(await order(), from);
        }
      }),
    );
  } else {
    // The warm-up's arrivals lead into the window's at the same rate, so the window opens on a steady
    // state (a client just started sends its first second with code still being compiled).
    const warm = Math.round((job.rate * (job.warmMs ?? 0)) / 1000);
    const total = Math.round((job.rate * job.durationMs) / 1000);
    const pending: Promise<void>[] = [];
    started = performance.now() + (warm * 1000) / job.rate;
    for (let n = -warm; n < total; n++) {
      const at = started + (n * 1000) / job.rate;
      const wait = at - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const sent = order();
      if (n >= 0) pending.push(sent.then((status) => record(status, at)));
    }
    await Promise.all(pending);
  }
  const elapsed = performance.now() - started;
  stalls.disable();
  const used = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0;
  process.stdout.write(
    `${JSON.stringify({
      orders: latencies.length,
      failures,
      failed,
      perSecond: latencies.length / (elapsed / 1000),
      p50: at(50),
      p99: at(99),
      max: latencies.at(-1) ?? 0,
      stallMs: stalls.max / 1e6,
      cpuMsPerOrder: (used.user + used.system) / 1000 / Math.max(1, latencies.length),
    })}\n`,
  );
  client.close();
}

void main();
