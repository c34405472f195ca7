import type { Db } from '@/db/client';
import { preparedPerDatabase } from '@/db/prepared';
import { now } from '@/server/clock';
import { versionedCache, type VersionedCache } from '@/server/util/versioned-cache';
import { sessionWithListVersion, type SessionWithListVersion } from './session-memo';
import type { SessionRead } from './session-row';

// A read of the caller's own figures (statistics, calendar, records, best efforts, fitness), kept
// in this process under the version of the caller's activities it was read at, as the activity
// pages are (activities/activity-read-cache.ts). The version comes with the session check (one
// statement), and every write these reads depend on raises it: the activities' own triggers
// (migration 0010: an upload, edit, hide, delete or load recompute), their efforts' triggers and a
// timezone change (migration 0022). So a kept answer is never older on the wire than the database,
// on either engine and across instances. The version is read before the figures, so a change
// committed in between raises it and the next request reads again. An answer that depends on
// today (this week, month and year) is kept per quarter hour of UTC as well: every timezone's
// midnight falls on one.

/** A kept answer, with its JSON text so a REST hit writes no JSON. */
export interface KeptAnswer<R> {
  value: R;
  json: string;
}

const QUARTER_HOUR_MS = 15 * 60_000;
const MAX_ENTRIES = 512;
/** characters of JSON per answer and in all (the decoded value costs about as much again) */
const MAX_CHARS = 1024 * 1024;
const MAX_TOTAL_CHARS = 16 * 1024 * 1024;

const keptAnswers = preparedPerDatabase(() => versionedCache<KeptAnswer<unknown>>(MAX_ENTRIES, (answer) => answer.json.length, MAX_CHARS, MAX_TOTAL_CHARS));
/** Reads under way per cache, by version and key. */
const underWayPerCache = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * The session `sessionId` with a value of its user kept in `cache` under the user's current
 * version (read with the session check), or read and kept when there is none. Callers that miss
 * together (every open dashboard after an upload, readers during a load recompute) share one read.
 * The version is read before the value, so a value kept under it never holds less than that
 * version's activities. Undefined when there is no such session.
 */
export async function keptAlongSession<T>(
  db: Db,
  sessionId: string,
  cache: VersionedCache<T>,
  keyOf: (userId: number) => string,
  read: (userId: number) => Promise<T>,
): Promise<{ session: SessionWithListVersion; value: T } | undefined> {
  const session = await sessionWithListVersion(db, sessionId);
  if (!session) return undefined;
  const key = keyOf(session.userId);
  const hit = cache.get(key, session.listVersion);
  if (hit !== undefined) return { session, value: hit };
  let underWay = underWayPerCache.get(cache);
  if (!underWay) underWayPerCache.set(cache, (underWay = new Map()));
  const flight = `${session.listVersion} ${key}`;
  let value = underWay.get(flight) as Promise<T> | undefined;
  if (!value) {
    value = read(session.userId).then((fresh) => {
      cache.set(key, session.listVersion, fresh);
      return fresh;
    });
    underWay.set(flight, value);
    void value.finally(() => underWay.delete(flight)).catch(() => {});
  }
  return { session, value: await value };
}

/**
 * `read` for the caller's session, as a define-route sessionRead (REST) or a callerRead (tRPC):
 * answered from what is kept under the caller's current version, otherwise read and kept.
 * `name` tells the reads apart; the key holds the caller and the input, which must be JSON.
 */
export function readKeptPerVersion<I, R>(
  name: string,
  read: (db: Db, userId: number, input: I) => Promise<R>,
  options: { dependsOnToday?: boolean } = {},
): (input: I) => SessionRead<KeptAnswer<R>> {
  return (input) => (db, sessionId) => {
    const today = options.dependsOnToday ? `@${Math.floor(now().getTime() / QUARTER_HOUR_MS)}` : '';
    return keptAlongSession(
      db,
      sessionId,
      keptAnswers(db) as VersionedCache<KeptAnswer<R>>,
      (userId) => `${name}:${userId}:${JSON.stringify(input ?? null)}${today}`,
      async (userId) => {
        const value = await read(db, userId, input);
        return { value, json: JSON.stringify(value) };
      },
    );
  };
}
