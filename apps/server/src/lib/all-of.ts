/**
 * `Promise.all` over a record: every value is awaited side by side (started in the record's order) and the
 * results come back under the same keys, so a function reading several things in one go names each once.
 * `run` starts each value (a lazy thenable, such as a query builder): `readsOn(db)` starts a transaction's
 * one after another.
 */
export async function allOf<T extends Record<string, PromiseLike<unknown>>>(
  pending: T,
  run: <V>(read: () => PromiseLike<V>) => PromiseLike<V> = (read) => read(),
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const entries: [string, PromiseLike<unknown>][] = Object.entries(pending);
  const values = await Promise.all(entries.map(([, value]) => run(() => value)));
  return Object.fromEntries(entries.map(([key], index) => [key, values[index]])) as {
    [K in keyof T]: Awaited<T[K]>;
  };
}
