import type { DatabaseHandle, NotificationListener } from '../db/database.ts';

/**
 * A database handle that only listens, for the unit tests of what a NOTIFY channel keeps fresh (the session
 * cache, the accounting-config cache): `notify` delivers a payload as the database would.
 */
export function fakeListeningHandle(): { handle: DatabaseHandle; notify: (payload: string) => void } {
  const listeners: NotificationListener[] = [];
  const handle = {
    listen: async (_channel: string, listener: NotificationListener) => {
      listeners.push(listener);
      return async () => undefined;
    },
  } as unknown as DatabaseHandle;
  return { handle, notify: (payload: string) => listeners.forEach((listener) => listener(payload)) };
}
