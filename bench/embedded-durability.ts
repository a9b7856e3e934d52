/**
 * What durable commits cost the embedded database (issue 17 item 14): single-row write transactions one
 * after another, as a venue's box commits them, on PGlite in a folder on this machine's disk, three ways:
 *   - as PGlite ships it: PostgreSQL started with `-F` (fsync off) on a NodeFS without fsync;
 *   - sync at checkpoint only: fsync on, `synchronous_commit=off` (a commit may be lost, the files never torn);
 *   - durable (what Sobremesa runs): fsync on at every commit, WAL by fsync (pglite.ts, durable-nodefs.ts).
 * Prints commits per second, commit latency (median, p99), file syncs per commit and a CHECKPOINT's time
 * and syncs.
 *
 *   npm run bench:durability                      400 commits per mode, in the system's temporary folder
 *   BENCH_COMMITS=1000 BENCH_DIR=/srv/data npm run bench:durability
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { DurableNodeFS } from '../apps/server/src/db/durable-nodefs.ts';
import { DURABLE_START } from '../apps/server/src/db/pglite.ts';

const COMMITS = Number(process.env.BENCH_COMMITS ?? 400);
const BASE = process.env.BENCH_DIR ?? os.tmpdir();

interface Mode {
  readonly name: string;
  open(dir: string): { fs: NodeFS; startParams: string[] };
}

const MODES: Mode[] = [
  {
    name: 'as PGlite ships (no fsync)',
    open: (dir) => ({ fs: new NodeFS(dir), startParams: PGlite.defaultStartParams }),
  },
  {
    name: 'sync at checkpoint only',
    open: (dir) => ({
      fs: new DurableNodeFS(dir),
      startParams: [...DURABLE_START, '-c', 'synchronous_commit=off'],
    }),
  },
  {
    name: 'durable at commit (shipped)',
    open: (dir) => ({ fs: new DurableNodeFS(dir), startParams: DURABLE_START }),
  },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

async function measure(mode: Mode): Promise<string> {
  const dir = fs.mkdtempSync(path.join(BASE, 'sobremesa-durability-'));
  try {
    const { fs: filesystem, startParams } = mode.open(dir);
    const client = await PGlite.create({ fs: filesystem, startParams });
    const fsync = (await client.query<{ fsync: string }>('show fsync')).rows[0]!.fsync;
    await client.exec('create table bench_writes (id serial primary key, note text not null)');
    await client.exec('CHECKPOINT');
    const syncsBefore = filesystem instanceof DurableNodeFS ? filesystem.syncs : 0;
    const latencies: number[] = [];
    const started = performance.now();
    for (let i = 0; i < COMMITS; i += 1) {
      const begun = performance.now();
      await client.query('insert into bench_writes (note) values ($1)', [`comanda ${i}`]);
      latencies.push(performance.now() - begun);
    }
    const elapsed = performance.now() - started;
    const syncCount = () => (filesystem instanceof DurableNodeFS ? filesystem.syncs : 0);
    const syncs = syncCount() - syncsBefore;
    const checkpointStarted = performance.now();
    await client.exec('CHECKPOINT');
    const checkpointMs = performance.now() - checkpointStarted;
    const checkpointSyncs = syncCount() - syncsBefore - syncs;
    await client.close();
    latencies.sort((a, b) => a - b);
    return [
      mode.name.padEnd(30),
      `fsync=${fsync}`.padEnd(10),
      `${((COMMITS * 1000) / elapsed).toFixed(0).padStart(6)} commits/s`,
      `median ${percentile(latencies, 50).toFixed(2).padStart(6)} ms`,
      `p99 ${percentile(latencies, 99).toFixed(2).padStart(6)} ms`,
      `${(syncs / COMMITS).toFixed(2)} syncs/commit`,
      `CHECKPOINT ${checkpointMs.toFixed(0)} ms, ${checkpointSyncs} syncs`,
    ].join('  ');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `Embedded database: ${COMMITS} single-row commits per mode in ${BASE} (${os.cpus().length} CPUs)`,
);
for (const mode of MODES) console.log(await measure(mode));
