import { Worker } from 'node:worker_threads';

export interface LoadOptions {
  readonly port: number;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
  /** The status every reply should have; others are counted as failures. */
  readonly expectStatus: number;
  /** Concurrent keep-alive connections. */
  readonly connections: number;
  readonly warmupMs: number;
  readonly durationMs: number;
}

export interface LoadResult {
  readonly requests: number;
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly unexpectedStatus: number;
  readonly networkErrors: number;
}

/** Drives one loopback target from a worker thread (see load-worker.ts) and returns its figures. */
export function measure(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // A worker does not get tsx's loader on Node 20, so it loads its TypeScript entry through tsx's API.
    const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ tsImport }) =>
      tsImport(${JSON.stringify(new URL('./load-worker.ts', import.meta.url).href)}, ${JSON.stringify(import.meta.url)}))`;
    const worker = new Worker(bootstrap, { eval: true, workerData: options });
    worker.once('message', (message: { ok: true; result: LoadResult } | { ok: false; error: string }) => {
      if (message.ok) resolve(message.result);
      else reject(new Error(message.error));
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
