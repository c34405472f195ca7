import { preparedPerDatabase } from '@/db/prepared';
import type { ActivityJson } from './get-activity-or-throw';

// GET /activities pages and GET /activities/{id} records as JSON text, per database handle. A
// page is kept under the version of its user's activities it was read at (db/schema
// activityListVersions, raised by triggers in every transaction that changes them), and served
// only while the version read with the session check still equals its own, so it can be stale
// only in memory, never on the wire, and needs no invalidation: a change anywhere, from any
// instance, is a new version. On the embedded database building the JSON in WASM was most of a
// read's cost (bench/reads). Bounded: the least recently used entry goes first.

const MAX_ENTRIES = 256;
/** A page past this is not kept (page_size 100 of long names and descriptions). */
const MAX_CHARS = 256 * 1024;

export interface VersionedCache<T> {
  get(key: string, version: string): T | undefined;
  set(key: string, version: string, value: T): void;
}

function createCache<T>(charsOf: (value: T) => number): VersionedCache<T> {
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
      if (charsOf(value) > MAX_CHARS) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { version, value });
    },
  };
}

export const activityPageCache = preparedPerDatabase(() => createCache<string>((text) => text.length));

/**
 * Records by `${userId}:${activityId}`, on the embedded engine only, each under the count of
 * commits that changed it (db/change-feed.ts) rather than its user's list version.
 */
export const activityRecordCache = preparedPerDatabase(() => createCache<ActivityJson>((record) => record.json.length));
