import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { changeFeedOf } from '@/db/change-feed';
import { prepareOnServer } from '@/db/pglite-prepared';
import { preparedPerDatabase } from '@/db/prepared';
import { activityListVersions, sessions, users } from '@/db/schema';
import { keptPerVersion } from '../reads/kept-per-version';
import { sessionColumns, sessionWithUser, type CheckedSession } from './session-row';

// The session check's row and the version of its user's activities, in one statement; on the
// embedded engine also kept in this process between requests (bench/reads: that statement, run
// in WASM on the request thread, was what kept an authenticated read below the framework floor).
// A kept row is used only while db/change-feed.ts has heard of no commit that wrote sessions or
// users, or raised that user's version, since it was read: a deleted, revoked or idle-refreshed
// session, or a deactivated user, is read again at the next request, as before. PostgreSQL is
// shared with other instances whose commits this process never hears of: there every request
// runs the statement.

export type SessionWithListVersion = CheckedSession & {
  /** the version of the user's activities (db/schema activityListVersions) as text */
  listVersion: string;
};

const listVersionColumn = {
  listVersion: sql<string>`coalesce((select ${activityListVersions.version} from ${activityListVersions} where ${activityListVersions.userId} = ${users.id}), 0)::text`,
};

const sessionAndListVersion = preparedPerDatabase((db) =>
  prepareOnServer(
    db,
    'session_and_activity_list_version',
    sessionWithUser(db, listVersionColumn).where(eq(sessions.id, sql.placeholder('sessionId'))),
    Object.keys({ ...sessionColumns, ...listVersionColumn }),
  ),
);

/** Sessions kept at most; the least recently used goes first. */
const MAX_KEPT = 10_000;

interface Kept {
  row: SessionWithListVersion;
  /** feed.listOf(row.userId) when the row was read */
  list: number;
}

// under feed.auth as the version: any commit to sessions or users is a new one
const keptPerDatabase = preparedPerDatabase(() => keptPerVersion<Kept>(MAX_KEPT));

/** The session `sessionId` with its user and list version; undefined when there is no such session. */
export function sessionWithListVersion(db: Db, sessionId: string): Promise<SessionWithListVersion | undefined> {
  return lookUp(db, sessionId, true);
}

/**
 * The session `sessionId` with its user, for a caller that reads no list version: a kept session
 * then stays good while its user's activities change (an upload costs the next read nothing).
 */
export function sessionOf(db: Db, sessionId: string): Promise<CheckedSession | undefined> {
  return lookUp(db, sessionId, false);
}

async function lookUp(db: Db, sessionId: string, withListVersion: boolean): Promise<SessionWithListVersion | undefined> {
  const feed = changeFeedOf(db);
  if (!feed) return (await sessionAndListVersion(db).execute({ sessionId }))[0];
  const kept = keptPerDatabase(db);
  const hit = kept.get(sessionId, String(feed.auth));
  // without withListVersion the row's version may be older than the last list change:
  // sessionOf's callers see it typed away
  if (hit && (!withListVersion || hit.list === feed.listOf(hit.row.userId))) return hit.row;
  const before = { auth: feed.auth, lists: feed.lists };
  const [row] = await sessionAndListVersion(db).execute({ sessionId });
  // kept only when no commit that could change it was heard while it was read
  if (row && feed.auth === before.auth && feed.lists === before.lists) kept.set(sessionId, String(before.auth), { row, list: feed.listOf(row.userId) });
  return row;
}
