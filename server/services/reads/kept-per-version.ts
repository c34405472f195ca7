// Values kept under the version they were read at: one is served only while the caller's current
// version still equals its own, so it needs no invalidation. Bounded: the least recently used
// entry goes first, a value larger than `maxSize` (by `sizeOf`) is not kept, and the kept values'
// sizes add up to at most `maxTotal`.

export interface KeptPerVersion<T> {
  get(key: string, version: string): T | undefined;
  set(key: string, version: string, value: T): void;
}

export function keptPerVersion<T>(maxEntries: number, sizeOf: (value: T) => number = () => 0, maxSize = Infinity, maxTotal = Infinity): KeptPerVersion<T> {
  const entries = new Map<string, { version: string; value: T; size: number }>();
  let total = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    total -= entry.size;
  };
  return {
    get(key, version) {
      const entry = entries.get(key);
      if (!entry || entry.version !== version) return undefined;
      // most recently used last
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, version, value) {
      remove(key);
      const size = sizeOf(value);
      if (size > maxSize) return;
      while (entries.size && (entries.size >= maxEntries || total + size > maxTotal)) remove(entries.keys().next().value!);
      entries.set(key, { version, value, size });
      total += size;
    },
  };
}
