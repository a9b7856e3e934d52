import { gzipSync } from 'node:zlib';

/** One regular file of an archive; `name` is the path inside it, with `/` separators. */
export interface TarEntry {
  readonly name: string;
  readonly content: Buffer;
  /** Unix permissions; 0o644 when absent. */
  readonly mode?: number;
  /** Seconds since the epoch. */
  readonly mtime: number;
}

const BLOCK = 512;

function writeString(header: Buffer, value: string, offset: number, length: number): void {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new Error(`"${value}" does not fit a tar header field of ${length} bytes`);
  bytes.copy(header, offset);
}

/** Numeric header fields are octal text, zero padded, ending in NUL. */
function writeOctal(header: Buffer, value: number, offset: number, length: number): void {
  writeString(header, value.toString(8).padStart(length - 1, '0'), offset, length - 1);
}

/** Splits a long path into the ustar prefix (up to 155 bytes) and name (up to 100 bytes). */
function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', name };
  const slash = name.lastIndexOf('/', 155);
  if (slash <= 0 || Buffer.byteLength(name.slice(slash + 1)) > 100)
    throw new Error(`path too long for a ustar archive: ${name}`);
  return { prefix: name.slice(0, slash), name: name.slice(slash + 1) };
}

function header(entry: TarEntry): Buffer {
  const block = Buffer.alloc(BLOCK);
  const { prefix, name } = splitName(entry.name);
  writeString(block, name, 0, 100);
  writeOctal(block, entry.mode ?? 0o644, 100, 8);
  writeOctal(block, 0, 108, 8);
  writeOctal(block, 0, 116, 8);
  writeOctal(block, entry.content.length, 124, 12);
  writeOctal(block, Math.floor(entry.mtime), 136, 12);
  // The checksum is computed with its own field taken as eight spaces.
  block.fill(0x20, 148, 156);
  block.write('0', 156, 'ascii');
  writeString(block, 'ustar', 257, 6);
  writeString(block, '00', 263, 2);
  writeString(block, prefix, 345, 155);
  let sum = 0;
  for (const byte of block) sum += byte;
  writeString(block, `${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return block;
}

/**
 * A POSIX ustar archive of regular files (what `tar -xzf` unpacks on Linux, macOS and Windows 10+),
 * gzip-compressed. Written here because the installer needs nothing more than that.
 */
export function tarGz(entries: readonly TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(header(entry), entry.content);
    const padding = (BLOCK - (entry.content.length % BLOCK)) % BLOCK;
    if (padding) parts.push(Buffer.alloc(padding));
  }
  // Two empty blocks end the archive.
  parts.push(Buffer.alloc(BLOCK * 2));
  return gzipSync(Buffer.concat(parts));
}
