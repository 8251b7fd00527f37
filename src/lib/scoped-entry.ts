/**
 * Runs `work` with `map` holding `value` at `key` meanwhile: how the inbox worker hands what it
 * already knows of an update (its sender's row, its chat's conversation state, its budget waits) to
 * code deep inside the update's handling, by a key that code can see, without AsyncLocalStorage
 * (which on Node 20 hooks every promise of the process). The entry ends with `work`, unless it was
 * taken or replaced meanwhile (a replacement is left as it is).
 */
export async function withEntry<K, V, T>(
  map: Map<K, V>,
  key: K,
  value: V,
  work: () => Promise<T>,
): Promise<T> {
  map.set(key, value);
  try {
    return await work();
  } finally {
    if (map.get(key) === value) map.delete(key);
  }
}
