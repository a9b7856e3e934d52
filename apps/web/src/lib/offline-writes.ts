import { ApiError, isServerError, type ReplySchema } from './api-client.ts';
import { api } from './api.ts';
import {
  createOfflineQueue,
  type QueuedCall,
  type QueuedKind,
  type RefusedCall,
  type SendOutcome,
} from './offline-queue.ts';
import { newIdempotencyKey } from './random-key.ts';
import { storage } from './storage.ts';

/**
 * The page's queue of staff writes waiting for the connection (decision 051), kept in local storage so a
 * reload or a tablet restarted while the Wi-Fi is down still sends them.
 */

/** A write that waits this long for its reply is treated as lost and queued (its key makes a resend safe). */
const WRITE_TIMEOUT_MS = 10_000;
/** While calls wait and the browser believes it is online, they are tried again this often. */
const RETRY_EVERY_MS = 5_000;

const refusalListeners = new Set<(refused: RefusedCall) => void>();

/** Any reply with a numeric `result`: the commander's order answers `result: -2` with a message it refused. */
const anyReply: ReplySchema<{ result: number; message?: unknown }> = {
  safeParse(data) {
    return typeof data === 'object' &&
      data !== null &&
      typeof (data as { result?: unknown }).result === 'number'
      ? { success: true, data: data as { result: number; message?: unknown } }
      : { success: false };
  },
};

/** Failures that say "not now" rather than "no": the call waits for the next try. */
function isTransient(error: ApiError): boolean {
  return (
    error.code === 'NETWORK' ||
    // The first send of this very call is still running on the server: its outcome will be replayed.
    error.code === 'IDEMPOTENCY_REQUEST_IN_FLIGHT' ||
    error.status === 502 ||
    error.status === 503 ||
    error.status === 504
  );
}

async function sendQueued(call: QueuedCall): Promise<SendOutcome> {
  try {
    const reply = await api.request(anyReply, call.path, {
      method: call.method,
      body: call.body,
      headers: { 'Idempotency-Key': call.key },
      signal: AbortSignal.timeout(WRITE_TIMEOUT_MS),
    });
    if (reply.result === 0) return { outcome: 'done' };
    return { outcome: 'refused', message: typeof reply.message === 'string' ? reply.message : null };
  } catch (error) {
    if (!(error instanceof ApiError) || isTransient(error)) return { outcome: 'retry' };
    return { outcome: 'refused', message: isServerError(error) ? error.message : null };
  }
}

export const offlineQueue = createOfflineQueue({
  store: {
    read: () => storage.get('offlineQueue'),
    write: (value) => (value === null ? storage.remove('offlineQueue') : storage.set('offlineQueue', value)),
  },
  send: sendQueued,
  onRefused: (refused) => {
    for (const listener of refusalListeners) listener(refused);
  },
});

// Another tab of the app on this tablet queued or sent something: show the same count here.
if (typeof window !== 'undefined') window.addEventListener('storage', () => offlineQueue.reload());

/** Calls `listener` with each queued call the server refuses from now on. */
export function onQueuedCallRefused(listener: (refused: RefusedCall) => void): () => void {
  refusalListeners.add(listener);
  return () => {
    refusalListeners.delete(listener);
  };
}

/** Whether the browser knows it has no network at all (`navigator.onLine` is only ever sure about "no"). */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export interface QueueableWrite {
  readonly kind: QueuedKind;
  readonly path: string;
  readonly method?: 'POST' | 'PATCH';
  readonly body: unknown;
  readonly lineIds?: readonly number[];
  /** The caller's own Idempotency-Key (the commander keeps one per cart); a fresh one otherwise. */
  readonly key?: string;
}

export type WriteResult<T> = { readonly queued: false; readonly reply: T } | { readonly queued: true };

/** Whether a call's result is a write that went into the queue. */
export function isQueued(result: unknown): boolean {
  return typeof result === 'object' && result !== null && (result as { queued?: unknown }).queued === true;
}

/**
 * Sends a staff write now, or queues it when there is no connection: the browser is offline, earlier calls
 * are still waiting (order is kept), or the call got no reply. A reply from the server, refusal included,
 * is the caller's as usual.
 */
export async function sendOrQueue<T>(schema: ReplySchema<T>, write: QueueableWrite): Promise<WriteResult<T>> {
  const call: QueuedCall = {
    key: write.key ?? newIdempotencyKey(),
    kind: write.kind,
    path: write.path,
    method: write.method ?? 'POST',
    body: write.body,
    queuedAt: new Date().toISOString(),
    ...(write.lineIds ? { lineIds: write.lineIds } : {}),
  };
  const queue = (): WriteResult<T> => {
    offlineQueue.enqueue(call);
    return { queued: true };
  };
  if (browserOffline() || offlineQueue.snapshot().pending.length > 0) {
    const result = queue();
    if (!browserOffline()) void offlineQueue.flush();
    return result;
  }
  try {
    const reply = await api.request(schema, call.path, {
      method: call.method,
      body: call.body,
      headers: { 'Idempotency-Key': call.key },
      signal: AbortSignal.timeout(WRITE_TIMEOUT_MS),
    });
    return { queued: false, reply };
  } catch (error) {
    if (error instanceof ApiError && isTransient(error)) return queue();
    throw error;
  }
}

/**
 * Keeps the queue moving while a staff screen is open: when the browser comes back online, every few
 * seconds while calls wait, and whenever `flushNow` is called (the realtime link came back). `onSent` runs
 * after a run that emptied something, so screens refetch what the server now holds.
 */
export function startOfflineSync(onSent: () => void): { flushNow(): void; stop(): void } {
  let stopped = false;
  const flushNow = () => {
    if (stopped || browserOffline() || offlineQueue.snapshot().pending.length === 0) return;
    void offlineQueue.flush().then((settled) => {
      if (settled > 0 && !stopped) onSent();
    });
  };
  const timer = setInterval(flushNow, RETRY_EVERY_MS);
  window.addEventListener('online', flushNow);
  flushNow();
  return {
    flushNow,
    stop() {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('online', flushNow);
    },
  };
}
