import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { pack } from 'tar-stream';

/** One regular file of an archive; `name` is the path inside it, with `/` separators. */
export interface TarEntry {
  readonly name: string;
  readonly content: Buffer;
  /** Unix permissions; 0o644 when absent. */
  readonly mode?: number;
  /** Seconds since the epoch. */
  readonly mtime: number;
}

/**
 * A POSIX ustar archive of regular files (what `tar -xzf` unpacks on Linux, macOS and Windows 10+),
 * gzip-compressed, written by tar-stream.
 */
export async function tarGz(entries: readonly TarEntry[]): Promise<Buffer> {
  const archive = pack();
  for (const entry of entries) {
    archive.entry(
      { name: entry.name, mode: entry.mode ?? 0o644, mtime: new Date(entry.mtime * 1000) },
      entry.content,
    );
  }
  archive.finalize();
  const gzip = createGzip();
  const [, packed] = await Promise.all([pipeline(archive, gzip), buffer(gzip)]);
  return packed;
}
