import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** The part of Emscripten's NODEFS this file completes: an open file's operations and its Node descriptor. */
interface NodefsStreams {
  stream_ops: { fsync?: (stream: { nfd: number; node: { mode: number } }) => number };
}

const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;

type FilesystemOptions = Parameters<NodeFS['init']>[1];

/**
 * PGlite's NodeFS with the fsync Emscripten leaves out. Its NODEFS has no `fsync` stream operation, so
 * when PostgreSQL syncs the WAL at commit or the data files at a checkpoint, the call returns success and
 * nothing reaches the disk: a commit survives the process dying but not the machine losing power. Here
 * each such call is a real fdatasync of the file (or fsync of a directory), and `syncs` counts them so a
 * bench or test can see them happen. Paired with PostgreSQL's own `fsync=on` (pglite.ts).
 */
export class DurableNodeFS extends NodeFS {
  syncs = 0;

  override async init(pg: PGlite, options: FilesystemOptions): ReturnType<NodeFS['init']> {
    const opened = await super.init(pg, options);
    const preRun = opened.emscriptenOpts.preRun ?? [];
    opened.emscriptenOpts.preRun = [
      ...preRun,
      (module) => {
        (module.NODEFS as unknown as NodefsStreams).stream_ops.fsync = (stream) => {
          // A failure throws out of PostgreSQL, which must never carry on past a failed sync.
          if ((stream.node.mode & S_IFMT) === S_IFDIR) fs.fsyncSync(stream.nfd);
          else fs.fdatasyncSync(stream.nfd);
          this.syncs += 1;
          return 0;
        };
      },
    ];
    return opened;
  }
}
