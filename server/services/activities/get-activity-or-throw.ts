import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { preparedPerDatabase } from '@/db/prepared';
import { activities, type ActivityRow } from '@/db/schema';
import { AppError } from '@/server/errors';

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
