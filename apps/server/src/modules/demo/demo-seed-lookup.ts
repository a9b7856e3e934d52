/** The id the seed stored for a demo key; a key the demo data never defined is a mistake in that data. */
export function lookup<K, V>(map: ReadonlyMap<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo data refers to unknown ${String(key)}`);
  return value;
}
