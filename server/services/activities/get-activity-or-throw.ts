import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { prepareOnServer } from '@/db/pglite-prepared';
import { preparedPerDatabase } from '@/db/prepared';
import { activities, sessions, type ActivityRow } from '@/db/schema';
import { AppError } from '@/server/errors';
import { sessionColumns, sessionWithUser, type SessionRead } from '../sessions/resolve-access-token';
import { activityRecordJson, asJsonStringify } from './activity-json';

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

export function activityJsonAlongSession(activityId: number): SessionRead<ActivityJson | null> {
  return async (db, sessionId) => {
    const [row] = await activityWithSession(db).execute({ sessionId, activityId });
    return row && { session: row, value: row.json === null || row.version === null ? null : { json: asJsonStringify(row.json), version: row.version } };
  };
}

export function activityJsonOrNotFound(activity: ActivityJson | null | undefined): ActivityJson {
  if (!activity) throw activityNotFound();
  return activity;
}
