import { describe, expect, it } from 'vitest';
import {
  createOfflineQueue,
  parseQueue,
  type QueuedCall,
  type QueueStore,
  type RefusedCall,
  type SendOutcome,
} from './offline-queue.ts';

/** Local storage's one key, kept between "page loads" (new queues on the same store). */
function memoryStore(): QueueStore & { value: string | null } {
  return {
    value: null,
    read() {
      return this.value;
    },
    write(value) {
      this.value = value;
    },
  };
}

function call(key: string, lineIds?: number[]): QueuedCall {
  return {
    key,
    kind: 'kitchen',
    path: '/world/api/productorder/startpreparation',
    method: 'POST',
    body: { productOrderIds: lineIds ?? [1] },
    queuedAt: '2026-11-26T21:05:00.000+01:00',
    ...(lineIds ? { lineIds } : {}),
  };
}

/** A server whose answers the test sets per key; it records every call it hears, in order. */
function fakeServer(answers: Record<string, SendOutcome> = {}) {
  const heard: QueuedCall[] = [];
  return {
    heard,
    answers,
    send: async (sent: QueuedCall): Promise<SendOutcome> => {
      heard.push(sent);
      return answers[sent.key] ?? { outcome: 'done' };
    },
  };
}

describe('the offline queue', () => {
  it('sends what waits in the order it was taken, one call at a time, and empties', async () => {
    const store = memoryStore();
    let inFlight = 0;
    let most = 0;
    const heard: string[] = [];
    const queue = createOfflineQueue({
      store,
      send: async (sent) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        heard.push(sent.key);
        inFlight -= 1;
        return { outcome: 'done' };
      },
    });
    for (const key of ['a', 'b', 'c', 'd']) queue.enqueue(call(key));
    // Two triggers at once (the browser's online event and the socket's return) make one run.
    const [first, second] = await Promise.all([queue.flush(), queue.flush()]);
    expect(heard).toEqual(['a', 'b', 'c', 'd']);
    expect(most).toBe(1);
    expect(first).toBe(4);
    expect(second).toBe(4);
    expect(queue.snapshot()).toEqual({ pending: [], refused: [] });
    expect(store.value).toBeNull();
  });

  it('stops at the first call that still cannot go, and keeps it and everything after it', async () => {
    const server = fakeServer({ b: { outcome: 'retry' } });
    const queue = createOfflineQueue({ store: memoryStore(), send: server.send });
    for (const key of ['a', 'b', 'c']) queue.enqueue(call(key));
    expect(await queue.flush()).toBe(1);
    expect(server.heard.map((sent) => sent.key)).toEqual(['a', 'b']);
    expect(queue.snapshot().pending.map((sent) => sent.key)).toEqual(['b', 'c']);

    // A send that throws (no network at all) waits the same way.
    server.answers.b = { outcome: 'done' };
    const throwing = createOfflineQueue({
      store: memoryStore(),
      send: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    throwing.enqueue(call('x'));
    expect(await throwing.flush()).toBe(0);
    expect(throwing.snapshot().pending).toHaveLength(1);

    expect(await queue.flush()).toBe(2);
    expect(server.heard.map((sent) => sent.key)).toEqual(['a', 'b', 'b', 'c']);
  });

  it('keeps each call with its Idempotency-Key across a reload, and sends it with that key', async () => {
    const store = memoryStore();
    const before = createOfflineQueue({ store, send: fakeServer().send });
    before.enqueue(call('7f3a9c', [11, 12]));
    before.enqueue(call('7f3a9c', [11, 12]));
    before.enqueue(call('b20e41', [13]));

    // The tablet restarts while the Wi-Fi is still down: a new page reads the same storage.
    const server = fakeServer();
    const after = createOfflineQueue({ store, send: server.send });
    expect(after.snapshot().pending.map((sent) => [sent.key, sent.lineIds])).toEqual([
      ['7f3a9c', [11, 12]],
      ['b20e41', [13]],
    ]);
    await after.flush();
    expect(server.heard.map((sent) => sent.key)).toEqual(['7f3a9c', 'b20e41']);
    expect(server.heard[0]).toEqual(call('7f3a9c', [11, 12]));
  });

  it("sets a refused call aside with the server's message, tells it, and goes on with the rest", async () => {
    const store = memoryStore();
    const told: RefusedCall[] = [];
    const server = fakeServer({
      b: { outcome: 'refused', message: 'La línea ya no está en ese estado.' },
      c: { outcome: 'refused', message: null },
    });
    const queue = createOfflineQueue({
      store,
      send: server.send,
      onRefused: (refused) => told.push(refused),
    });
    for (const key of ['a', 'b', 'c', 'd']) queue.enqueue(call(key));
    expect(await queue.flush()).toBe(4);
    expect(server.heard.map((sent) => sent.key)).toEqual(['a', 'b', 'c', 'd']);
    expect(told.map((refused) => [refused.call.key, refused.message])).toEqual([
      ['b', 'La línea ya no está en ese estado.'],
      ['c', null],
    ]);
    expect(queue.snapshot().pending).toEqual([]);

    // The refusals stay until read, across a reload too; read ones go.
    const reloaded = createOfflineQueue({ store, send: server.send });
    expect(reloaded.snapshot().refused.map((refused) => refused.call.key)).toEqual(['b', 'c']);
    reloaded.dismiss('b');
    expect(reloaded.snapshot().refused.map((refused) => refused.call.key)).toEqual(['c']);
    reloaded.dismiss('c');
    expect(store.value).toBeNull();
  });

  it('tells subscribers of every change and forgets everything when cleared', async () => {
    const queue = createOfflineQueue({ store: memoryStore(), send: fakeServer().send });
    const counts: number[] = [];
    const unsubscribe = queue.subscribe(() => counts.push(queue.snapshot().pending.length));
    queue.enqueue(call('a'));
    queue.enqueue(call('b'));
    queue.clear();
    unsubscribe();
    queue.enqueue(call('c'));
    expect(counts).toEqual([1, 2, 0]);
  });

  it('drops what it cannot read rather than send it half understood', () => {
    expect(parseQueue(null)).toEqual({ pending: [], refused: [] });
    expect(parseQueue('{not json')).toEqual({ pending: [], refused: [] });
    expect(parseQueue(JSON.stringify({ v: 99, pending: [call('a')] }))).toEqual({ pending: [], refused: [] });
    const mixed = JSON.stringify({
      v: 1,
      pending: [call('a'), { ...call('b'), path: 'https://elsewhere.example/steal' }, { key: 'c' }],
      refused: [
        { call: call('d'), message: 'No.' },
        { call: { key: 'e' }, message: 'x' },
      ],
    });
    expect(parseQueue(mixed)).toEqual({
      pending: [call('a')],
      refused: [{ call: call('d'), message: 'No.' }],
    });
  });
});

describe('two tabs of the app on one tablet', () => {
  it('never undo each other: each change starts from what the store holds', async () => {
    const store = memoryStore();
    const server = fakeServer();
    const first = createOfflineQueue({ store, send: server.send });
    const second = createOfflineQueue({ store, send: server.send });
    first.enqueue(call('a'));
    second.enqueue(call('b'));
    first.enqueue(call('c'));
    let told = 0;
    second.subscribe(() => (told += 1));
    second.reload();
    expect(told).toBe(1);
    expect(second.snapshot().pending.map((sent) => sent.key)).toEqual(['a', 'b', 'c']);
    await first.flush();
    expect(server.heard.map((sent) => sent.key)).toEqual(['a', 'b', 'c']);
    second.reload();
    expect(second.snapshot().pending).toEqual([]);
  });
});
