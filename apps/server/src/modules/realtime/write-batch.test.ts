import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MAX_HELD_BYTES, WriteBatch } from './write-batch.ts';

/** A stream that records each write it is handed, as a socket hands each one to the kernel. */
function recordingStream() {
  const writes: string[][] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push([chunk.toString()]);
      done();
    },
    writev(chunks, done) {
      writes.push(chunks.map(({ chunk }) => String(chunk)));
      done();
    },
  });
  return { stream, writes };
}

/** Writes a frame as ws does: header and payload corked together. */
function frame(stream: Writable, payload: string): void {
  stream.cork();
  stream.write(`<${payload.length}>`);
  stream.write(payload);
  stream.uncork();
}

const nextTick = () => new Promise<void>((resolve) => process.nextTick(resolve));

describe('WriteBatch', () => {
  it('lets the frames of one tick go together at its end, in order, and each tick on its own', async () => {
    const { stream, writes } = recordingStream();
    const batch = new WriteBatch(stream);
    for (const payload of ['a', 'bb', 'ccc']) batch.write(payload.length, () => frame(stream, payload));
    expect(writes).toEqual([]);
    await nextTick();
    expect(writes).toEqual([['<1>', 'a', '<2>', 'bb', '<3>', 'ccc']]);

    batch.write(1, () => frame(stream, 'd'));
    await nextTick();
    expect(writes).toEqual([
      ['<1>', 'a', '<2>', 'bb', '<3>', 'ccc'],
      ['<1>', 'd'],
    ]);
  });

  it('lets a long tick go as soon as it holds MAX_HELD_BYTES, and holds what follows', async () => {
    const { stream, writes } = recordingStream();
    const batch = new WriteBatch(stream);
    const half = 'x'.repeat(MAX_HELD_BYTES / 2);
    batch.write(half.length, () => frame(stream, half));
    expect(writes).toHaveLength(0);
    batch.write(half.length, () => frame(stream, half));
    expect(writes).toHaveLength(1);
    expect(stream.writableLength).toBe(0);
    batch.write(1, () => frame(stream, 'y'));
    expect(writes).toHaveLength(1);
    await nextTick();
    expect(writes).toEqual([
      [`<${half.length}>`, half, `<${half.length}>`, half],
      ['<1>', 'y'],
    ]);
  });
});
