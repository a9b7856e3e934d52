import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** What the probe saw between start and stop. */
export interface DiskFlushes {
  readonly longestMs: number;
  readonly over20: number;
}

/**
 * Writes 8 KB and flushes it to the disk (`fdatasync`, as PostgreSQL flushes its WAL at each commit) every
 * 20 ms in a temporary folder, off the event loop. A virtual disk that takes tens of milliseconds over one
 * flush holds every commit waiting on it as long: printed beside the p99 it explains.
 */
export async function startDiskFlushProbe(): Promise<{ stop(): Promise<DiskFlushes> }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'sobremesa-flush-'));
  const file = await open(path.join(folder, 'probe'), 'w');
  const page = Buffer.alloc(8192, 1);
  let running = true;
  let longestMs = 0;
  let over20 = 0;
  const loop = (async () => {
    for (let block = 0; running; block = (block + 1) % 256) {
      await file.write(page, 0, page.length, block * page.length);
      const from = performance.now();
      await file.datasync();
      const took = performance.now() - from;
      longestMs = Math.max(longestMs, took);
      if (took > 20) over20++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await file.close();
      await rm(folder, { recursive: true, force: true });
      return { longestMs, over20 };
    },
  };
}
