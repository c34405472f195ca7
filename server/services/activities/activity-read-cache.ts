import { preparedPerDatabase } from '@/db/prepared';
import { versionedCache } from '@/server/util/versioned-cache';
import type { ActivityJson } from './activity-json';

// GET /activities pages and GET /activities/{id} records as JSON text, per database handle. A
// page is kept under the version of its user's activities it was read at (db/schema
// activityListVersions, raised by triggers in every transaction that changes them), and served
// only while the version read with the session check still equals its own, so it can be stale
// only in memory, never on the wire, and needs no invalidation: a change anywhere, from any
// instance, is a new version. On the embedded database building the JSON in WASM was most of a
// read's cost (bench/reads).

const MAX_ENTRIES = 256;
/** A page past this is not kept (page_size 100 of long names and descriptions). */
const MAX_CHARS = 256 * 1024;

export const activityPageCache = preparedPerDatabase(() => versionedCache<string>(MAX_ENTRIES, (text) => text.length, MAX_CHARS));

/**
 * Records by `${userId}:${activityId}`, on the embedded engine only, each under the count of
 * commits that changed it (db/change-feed.ts) rather than its user's list version.
 */
export const activityRecordCache = preparedPerDatabase(() => versionedCache<ActivityJson>(MAX_ENTRIES, (record) => record.json.length, MAX_CHARS));
