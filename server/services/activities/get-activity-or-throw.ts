import { and, eq, sql } from 'drizzle-orm';
import { changeFeedOf, type ChangeFeed } from '@/db/change-feed';
import type { Db } from '@/db/client';
import { prepareOnServer } from '@/db/pglite-prepared';
import { preparedPerDatabase } from '@/db/prepared';
import { activities, sessions, type ActivityRow } from '@/db/schema';
import { AppError } from '@/server/errors';
import { sessionOf } from '../sessions/session-memo';
import { sessionColumns, sessionWithUser, type SessionRead } from '../sessions/session-row';
import { activityRecordCache } from './activity-read-cache';
import { activityRecordJson, asJsonStringify, type ActivityJson } from './activity-json';

export const activityNotFound = () => new AppError('not_found', { detail: 'No such activity.' });

const p = (name: string) => sql.placeholder(name);

const activityOfUser = preparedPerDatabase((db) =>
  db
    .select()
    .from(activities)
    .where(and(eq(activities.id, p('activityId')), eq(activities.userId, p('userId'))))
    .prepare('activity_of_user'),
);

/** CONTRACT: other users' activities are 404, never 403 (ownership is part of the query). */
export async function getActivityOrThrow(db: Db, userId: number, activityId: number): Promise<ActivityRow> {
  return activityOrNotFound((await activityOfUser(db).execute({ activityId, userId }))[0]);
}

export function activityOrNotFound(row: ActivityRow | null | undefined): ActivityRow {
  if (!row) throw activityNotFound();
  return row;
}

const recordColumns = { json: activityRecordJson, version: activities.version };

/** The record as the statements below read it; null when there is no such activity of theirs. */
const recordOf = (row: { json: string | null; version: number | null } | undefined): ActivityJson | null =>
  !row || row.json === null || row.version === null ? null : { json: asJsonStringify(row.json), version: row.version };

// The session check and the record in one statement, the record as JSON text written by the
// database (bench/reads): the activity is joined to the session's own user, so ownership stays
// part of the query.
const activityWithSession = preparedPerDatabase((db) => {
  const query = sessionWithUser(db, recordColumns)
    .leftJoin(activities, and(eq(activities.id, p('activityId')), eq(activities.userId, sessions.userId)))
    .where(eq(sessions.id, p('sessionId')));
  return prepareOnServer(db, 'activity_json_with_session', query, Object.keys({ ...sessionColumns, ...recordColumns }));
});

const activityJsonOfUser = preparedPerDatabase((db) => {
  const query = db
    .select(recordColumns)
    .from(activities)
    .where(and(eq(activities.id, p('activityId')), eq(activities.userId, p('userId'))));
  return prepareOnServer(db, 'activity_json_of_user', query, Object.keys(recordColumns));
});

export function activityJsonAlongSession(activityId: number): SessionRead<ActivityJson | null> {
  return async (db, sessionId) => {
    const feed = changeFeedOf(db);
    if (feed) return activityJsonAlongKeptSession(db, feed, sessionId, activityId);
    const [row] = await activityWithSession(db).execute({ sessionId, activityId });
    return row && { session: row, value: recordOf(row) };
  };
}

/**
 * On the embedded engine the session usually costs no statement (session-memo.ts), so the record
 * is read on its own and kept (activity-read-cache.ts) until the database tells of a commit that
 * updated or deleted it (db/change-feed.ts): a read of a kept session and a kept record runs no
 * statement at all, even while the user uploads other activities.
 */
async function activityJsonAlongKeptSession(db: Db, feed: ChangeFeed, sessionId: string, activityId: number) {
  const session = await sessionOf(db, sessionId);
  if (!session) return undefined;
  const cache = activityRecordCache(db);
  const key = `${session.userId}:${activityId}`;
  const changes = String(feed.recordOf(activityId));
  const cached = cache.get(key, changes);
  if (cached) return { session, value: cached };
  const recordsBefore = feed.records;
  const [row] = await activityJsonOfUser(db).execute({ activityId, userId: session.userId });
  const record = recordOf(row);
  // kept only when no activity changed while it was read
  if (record && feed.records === recordsBefore) cache.set(key, changes, record);
  return { session, value: record };
}

export function activityJsonOrNotFound(activity: ActivityJson | null | undefined): ActivityJson {
  if (!activity) throw activityNotFound();
  return activity;
}
