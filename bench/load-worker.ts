import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import type { LoadOptions, LoadResult } from './load.ts';

/**
 * The load generator's thread: `connections` keep-alive connections, each sending its next request as
 * soon as the previous reply has been read, for `durationMs` after `warmupMs` that is not counted.
 * It runs in its own thread so it never shares an event loop with the server it measures.
 */
async function run(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: http.OutgoingHttpHeaders = { ...options.headers };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(body);
  }

  const send = () =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(
        { agent, host: '127.0.0.1', port: options.port, path: options.path, method: options.method, headers },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });

  const latencies: number[] = [];
  let failures = 0;
  let errors = 0;
  const warmupEnd = performance.now() + options.warmupMs;
  const end = warmupEnd + options.durationMs;

  const connection = async () => {
    for (;;) {
      const startedAt = performance.now();
      if (startedAt >= end) return;
      let status = 0;
      try {
        status = await send();
      } catch {
        errors += 1;
        continue;
      }
      const finishedAt = performance.now();
      // Only requests that started and ended inside the measured window count.
      if (startedAt < warmupEnd || finishedAt > end) continue;
      latencies.push(finishedAt - startedAt);
      if (status !== options.expectStatus) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: options.connections }, connection));
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const percentile = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    requestsPerSecond: latencies.length / (options.durationMs / 1000),
    p50Ms: percentile(50),
    p99Ms: percentile(99),
    maxMs: latencies.at(-1) ?? 0,
    unexpectedStatus: failures,
    networkErrors: errors,
  };
}

if (!parentPort) throw new Error('load-worker.ts runs as a worker thread (see load.ts)');
const port = parentPort;
run(workerData as LoadOptions).then(
  (result) => port.postMessage({ ok: true, result }),
  (error: unknown) => port.postMessage({ ok: false, error: String(error) }),
);
