/** Spec §9: a route's code that has not arrived in 120 s is reported as failed rather than waited on. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A route's code could not be loaded: too slow, offline, or removed by a newer deployment. */
export class ChunkLoadError extends Error {
  constructor(
    readonly reason: 'timeout' | 'failed',
    options?: ErrorOptions,
  ) {
    super(
      reason === 'timeout' ? 'route code did not load in time' : 'route code could not be loaded',
      options,
    );
    this.name = 'ChunkLoadError';
  }
}

/**
 * Loads a lazy chunk (`() => import('./x.tsx')`, written out at the call so the bundler splits it) with
 * the spec's time limit, and turns any failure into a {@link ChunkLoadError} the error screen recognises.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('failed', { cause: error }));
      },
    );
  });
}
