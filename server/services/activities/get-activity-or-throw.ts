import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { preparedPerDatabase } from '@/db/prepared';
import { activities, type ActivityRow } from '@/db/schema';
import { AppError } from '@/server/errors';

export const activityNotFound = () => new AppError('not_found', { detail: 'No such activity.' });

const activityOfUser = preparedPerDatabase((db) =>
  db
    .select()
    .from(activities)
    .where(and(eq(activities.id, sql.placeholder('activityId')), eq(activities.userId, sql.placeholder('userId'))))
    .prepare('activity_of_user'),
);

/** CONTRACT: other users' activities are 404, never 403 (ownership is part of the query). */
export async function getActivityOrThrow(db: Db, userId: number, activityId: number): Promise<ActivityRow> {
  const [row] = await activityOfUser(db).execute({ activityId, userId });
  if (!row) throw activityNotFound();
  return row;
}
