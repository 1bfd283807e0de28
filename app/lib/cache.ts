/** A small in-memory cache (section 3: set, get, has, clear), optionally with entries that expire. */
export interface Cache<V> {
  set(key: string, value: V): void;
  /** the value, or undefined when absent or expired */
  get(key: string): V | undefined;
  has(key: string): boolean;
  /** removes one key, or everything when no key is given */
  clear(key?: string): void;
  readonly size: number;
}

export function createCache<V>(options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}): Cache<V> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: V; expiresAt: number }>();

  function isFresh(entry: { expiresAt: number }): boolean {
    return entry.expiresAt > now();
  }

  function read(key: string): { value: V } | undefined {
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    if (!isFresh(entry)) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  return {
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: options.ttlMs === undefined ? Infinity : now() + options.ttlMs });
      // Maps keep insertion order, so the first key is the least recently written.
      if (options.maxEntries !== undefined && entries.size > options.maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    },
    get(key) {
      return read(key)?.value;
    },
    has(key) {
      return read(key) !== undefined;
    },
    clear(key) {
      if (key === undefined) entries.clear();
      else entries.delete(key);
    },
    get size() {
      for (const [key, entry] of entries) if (!isFresh(entry)) entries.delete(key);
      return entries.size;
    },
  };
}
