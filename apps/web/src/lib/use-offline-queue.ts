import { useMemo, useSyncExternalStore } from 'react';
import type { OfflineQueueSnapshot } from './offline-queue.ts';
import { offlineQueue } from './offline-writes.ts';

/** The actions waiting for the connection and the ones the server refused, live. */
export function useOfflineQueue(): OfflineQueueSnapshot {
  return useSyncExternalStore(offlineQueue.subscribe, offlineQueue.snapshot, offlineQueue.snapshot);
}

/** Order lines a waiting kitchen action will move: the screen shows them as waiting, not as free to tap. */
export function useWaitingLineIds(): ReadonlySet<number> {
  const { pending } = useOfflineQueue();
  return useMemo(() => new Set(pending.flatMap((call) => call.lineIds ?? [])), [pending]);
}
