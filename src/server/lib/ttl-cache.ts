/**
 * A small in-process cache of answers that may be a little stale (the public event list: one
 * second). Entries expire `ttlMs` after they were computed; `clear()` drops them all at once (a
 * change the server itself made); at most `maxEntries` are kept (the oldest go first). Concurrent
 * misses of one key share one computation.
 */
export function createTtlCache<T>(ttlMs: number, maxEntries = 500) {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return {
    async get(key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value;
      const value = compute();
      entries.delete(key);
      entries.set(key, { at: now, value });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      value.catch(() => entries.delete(key));
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
