/**
 * Staff writes taken while the venue's network is down, kept until the server can hear them (issue 25,
 * decision 051). Each call keeps the Idempotency-Key it was first sent with, so a call that did reach the
 * server before the link broke is replayed by the server (REL-03, decision 005), never done twice. Calls
 * leave in the order they were taken, one at a time: a later one waits behind an earlier one that cannot be
 * sent yet. What the server then refuses is set aside with its message for the screen to show.
 *
 * Framework-free and storage-injected, so the rules are unit-tested without a browser; the page's instance
 * lives in `offline-writes.ts`.
 */

import { isRecord } from './api-client.ts';

/** The staff actions that may wait for the connection; payments and invoices never do. */
export type QueuedKind = 'kitchen' | 'order' | 'table' | 'notification';

export interface QueuedCall {
  /** The Idempotency-Key the call was first sent with; also its identity in the queue. */
  readonly key: string;
  readonly kind: QueuedKind;
  readonly path: string;
  readonly method: 'POST' | 'PATCH';
  readonly body: unknown;
  /** When the person took the action (ISO 8601 with its offset). */
  readonly queuedAt: string;
  /** The order lines the call moves, so the screen can show them as waiting. */
  readonly lineIds?: readonly number[];
}

export interface RefusedCall {
  readonly call: QueuedCall;
  /** The server's localised message; null when it sent none the person could read. */
  readonly message: string | null;
}

/** What sending one call came to. */
export type SendOutcome =
  | { readonly outcome: 'done' }
  /** Still no connection (or the server is restarting): keep it, and everything after it, for later. */
  | { readonly outcome: 'retry' }
  | { readonly outcome: 'refused'; readonly message: string | null };

/** The subset of Web Storage the queue needs (the app's `storage` for one key). */
export interface QueueStore {
  read(): string | null;
  write(value: string | null): void;
}

export interface OfflineQueueOptions {
  readonly store: QueueStore;
  readonly send: (call: QueuedCall) => Promise<SendOutcome>;
  /** Told about each refusal as it happens (a toast); the refusal also stays in {@link OfflineQueue.refused}. */
  readonly onRefused?: (refused: RefusedCall) => void;
}

export interface OfflineQueueSnapshot {
  readonly pending: readonly QueuedCall[];
  readonly refused: readonly RefusedCall[];
}

export interface OfflineQueue {
  snapshot(): OfflineQueueSnapshot;
  enqueue(call: QueuedCall): void;
  /**
   * Sends what is waiting, in order, until it is empty or a call must wait. Resolves with how many calls
   * left the queue (done or refused). Concurrent calls share one run.
   */
  flush(): Promise<number>;
  /** Forgets a refusal the person has read. */
  dismiss(key: string): void;
  /** Forgets everything (signing out: another person's actions are not sent with the next token). */
  clear(): void;
  /** Reads the store again: another tab of the same app changed it (the page's `storage` event). */
  reload(): void;
  subscribe(listener: () => void): () => void;
}

const FORMAT_VERSION = 1;
const KINDS: readonly string[] = ['kitchen', 'order', 'table', 'notification'];

function isQueuedCall(value: unknown): value is QueuedCall {
  return (
    isRecord(value) &&
    typeof value.key === 'string' &&
    typeof value.kind === 'string' &&
    KINDS.includes(value.kind) &&
    typeof value.path === 'string' &&
    value.path.startsWith('/world/') &&
    (value.method === 'POST' || value.method === 'PATCH') &&
    typeof value.queuedAt === 'string' &&
    (value.lineIds === undefined ||
      (Array.isArray(value.lineIds) && value.lineIds.every((id) => typeof id === 'number')))
  );
}

function isRefusedCall(value: unknown): value is RefusedCall {
  return (
    isRecord(value) &&
    isQueuedCall(value.call) &&
    (value.message === null || typeof value.message === 'string')
  );
}

const EMPTY: OfflineQueueSnapshot = { pending: [], refused: [] };

/** Reads what an earlier page left; anything unreadable is dropped rather than sent half-understood. */
export function parseQueue(raw: string | null): OfflineQueueSnapshot {
  if (raw === null) return EMPTY;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return EMPTY;
  }
  if (!isRecord(data) || data.v !== FORMAT_VERSION) return EMPTY;
  const pending = Array.isArray(data.pending) ? data.pending.filter(isQueuedCall) : [];
  const refused = Array.isArray(data.refused) ? data.refused.filter(isRefusedCall) : [];
  return { pending, refused };
}

export function createOfflineQueue(options: OfflineQueueOptions): OfflineQueue {
  let raw = options.store.read();
  let state = parseQueue(raw);
  const listeners = new Set<() => void>();
  let running: Promise<number> | null = null;

  const notify = () => {
    for (const listener of listeners) listener();
  };

  /**
   * Every change starts from what the store holds now, so two tabs of the app on one tablet never undo each
   * other's calls. Two tabs sending the same call at once is harmless: the server replays it by its key.
   */
  function refresh(): void {
    const current = options.store.read();
    if (current === raw) return;
    raw = current;
    state = parseQueue(current);
    notify();
  }

  function commit(next: OfflineQueueSnapshot): void {
    state = next;
    raw =
      next.pending.length === 0 && next.refused.length === 0
        ? null
        : JSON.stringify({ v: FORMAT_VERSION, ...next });
    options.store.write(raw);
    notify();
  }

  async function run(): Promise<number> {
    let settled = 0;
    for (;;) {
      refresh();
      const [first] = state.pending;
      if (!first) return settled;
      let result: SendOutcome;
      try {
        result = await options.send(first);
      } catch {
        result = { outcome: 'retry' };
      }
      if (result.outcome === 'retry') return settled;
      // Another tab may have changed the queue meanwhile: only the call sent leaves it.
      refresh();
      const rest = state.pending.filter((call) => call.key !== first.key);
      settled += 1;
      if (result.outcome === 'done') {
        commit({ pending: rest, refused: state.refused });
      } else {
        const refused: RefusedCall = { call: first, message: result.message };
        commit({ pending: rest, refused: [...state.refused, refused] });
        options.onRefused?.(refused);
      }
    }
  }

  return {
    snapshot: () => state,
    enqueue(call) {
      refresh();
      if (state.pending.some((queued) => queued.key === call.key)) return;
      commit({ pending: [...state.pending, call], refused: state.refused });
    },
    flush() {
      running ??= run().finally(() => {
        running = null;
      });
      return running;
    },
    dismiss(key) {
      refresh();
      commit({ pending: state.pending, refused: state.refused.filter((entry) => entry.call.key !== key) });
    },
    clear() {
      commit(EMPTY);
    },
    reload: refresh,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
