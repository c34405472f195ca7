import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { prepareOnServer } from '@/db/pglite-prepared';
import { preparedPerDatabase } from '@/db/prepared';
import { activities, sessions, type ActivityRow } from '@/db/schema';
import { AppError } from '@/server/errors';
import { sessionColumns, sessionWithUser, type SessionRead } from '../sessions/resolve-access-token';
import { activityRecordJson, asJsonStringify } from './activity-json';
import { activityRecordCache, sessionAndActivitiesVersion } from './activity-read-cache';

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

// The session check and the record in one statement, the record as JSON text written by the
// database (bench/reads): the activity is joined to the session's own user, so ownership stays
// part of the query; null when there is no such activity of theirs.
const activityWithSession = preparedPerDatabase((db) => {
  const extra = { json: activityRecordJson, version: activities.version };
  const query = sessionWithUser(db, extra)
    .leftJoin(activities, and(eq(activities.id, p('activityId')), eq(activities.userId, sessions.userId)))
    .where(eq(sessions.id, p('sessionId')));
  return prepareOnServer(db, 'activity_json_with_session', query, Object.keys({ ...sessionColumns, ...extra }));
});

/** An activity record as JSON text, with the version its ETag names. */
export interface ActivityJson {
  json: string;
  version: number;
}

/** The record for the caller's session: cached under the version read with the session, else read and cached. */
export function activityJsonAlongSession(activityId: number): SessionRead<ActivityJson | null> {
  return async (db, sessionId) => {
    const [session] = await sessionAndActivitiesVersion(db).execute({ sessionId });
    if (!session) return undefined;
    const cache = activityRecordCache(db);
    const key = `${session.userId}:${activityId}`;
    const cached = cache.get(key, session.activitiesVersion);
    if (cached) return { session, value: cached };
    const [row] = await activityWithSession(db).execute({ sessionId, activityId });
    if (!row) return undefined;
    const value = row.json === null || row.version === null ? null : { json: asJsonStringify(row.json), version: row.version };
    // an activity that is not there is not kept: ids probed at random would push real records out
    if (value) cache.set(key, session.activitiesVersion, value);
    return { session: row, value };
  };
}

export function activityJsonOrNotFound(activity: ActivityJson | null | undefined): ActivityJson {
  if (!activity) throw activityNotFound();
  return activity;
}
