// Values kept under the version they were read at: one is served only while the caller's current
// version still equals its own, so it needs no invalidation. Bounded: the least recently used
// entry goes first, and a value larger than `maxSize` (by `sizeOf`) is not kept.

export interface VersionedCache<T> {
  get(key: string, version: string): T | undefined;
  set(key: string, version: string, value: T): void;
}

export function versionedCache<T>(maxEntries: number, sizeOf: (value: T) => number = () => 0, maxSize = Infinity): VersionedCache<T> {
  const entries = new Map<string, { version: string; value: T }>();
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
      entries.delete(key);
      if (sizeOf(value) > maxSize) return;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { version, value });
    },
  };
}
