import { eq, sql } from 'drizzle-orm';
import { prepareOnServer } from '@/db/pglite-prepared';
import { preparedPerDatabase } from '@/db/prepared';
import { activityListVersions, sessions, users } from '@/db/schema';
import { sessionColumns, sessionWithUser } from '../sessions/resolve-access-token';
import type { ActivityJson } from './get-activity-or-throw';

// The two activity reads (GET /activities and GET /activities/{id}) as JSON text, per database
// handle, each under the version of its user's activities it was read at (db/schema
// activityListVersions, raised by triggers in every transaction that changes them). A cached
// answer is served only while the version read with the session check still equals its own, so
// the cache can be stale only in memory, never on the wire, and needs no invalidation: a change
// anywhere, from any instance, is a new version. The version is read before the answer, so an
// answer cached under it never holds less than that version's activities (a change committed in
// between raises the version, and the next request reads again). On the embedded database,
// building records as JSON in WASM was most of a read's cost (bench/reads).

const p = (name: string) => sql.placeholder(name);

// the version as text: a bigint, compared as it comes from either driver
const versionColumn = {
  activitiesVersion: sql<string>`coalesce((select ${activityListVersions.version} from ${activityListVersions} where ${activityListVersions.userId} = ${users.id}), 0)::text`,
};

/** The session check's statement, plus the version of the session user's activities. */
export const sessionAndActivitiesVersion = preparedPerDatabase((db) =>
  prepareOnServer(
    db,
    'session_and_activities_version',
    sessionWithUser(db, versionColumn).where(eq(sessions.id, p('sessionId'))),
    Object.keys({ ...sessionColumns, ...versionColumn }),
  ),
);

export interface VersionedCache<T> {
  get(key: string, version: string): T | undefined;
  set(key: string, version: string, value: T): void;
}

/** At most `maxEntries`, the least recently used out first; `size` says what is too big to keep. */
function versionedCache<T>(maxEntries: number, size: (value: T) => number, maxSize: number): VersionedCache<T> {
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
      if (size(value) > maxSize) return;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { version, value });
    },
  };
}

/** List pages by user and query; a page past 256 K characters (page_size 100 of long texts) is not kept. */
export const activityPageCache = preparedPerDatabase(() => versionedCache<string>(256, (text) => text.length, 256 * 1024));

/** Single records by user and activity. */
export const activityRecordCache = preparedPerDatabase(() => versionedCache<ActivityJson>(2048, (record) => record.json.length, 64 * 1024));
