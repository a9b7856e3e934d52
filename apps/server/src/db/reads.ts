import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './database.ts';

/**
 * How reads run on `db`: side by side on the pool, one after another on a transaction, whose one connection
 * takes one query at a time (node-postgres queues overlapping ones with a deprecation warning, and pg 9
 * refuses them). Wrap each read of a `Promise.all` in the returned function; a read must not start before it
 * is called (a query builder starts when awaited).
 */
export function readsOn(db: Executor): <T>(read: () => PromiseLike<T>) => Promise<T> {
  if (!(db instanceof PgTransaction)) return (read) => Promise.resolve(read());
  let queue: Promise<unknown> = Promise.resolve();
  return (read) => {
    const next = queue.then(read);
    queue = next.catch(() => undefined);
    return next;
  };
}
