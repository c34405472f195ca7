import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, type ActivityRow } from '@/db/schema';
import { AppError } from '@/server/errors';

export const activityNotFound = () => new AppError('not_found', { detail: 'No such activity.' });

/** CONTRACT: other users' activities are 404, never 403 (ownership is part of the query). */
export async function getActivityOrThrow(db: Db, userId: number, activityId: number): Promise<ActivityRow> {
  const [row] = await db.select().from(activities).where(and(eq(activities.id, activityId), eq(activities.userId, userId)));
  if (!row) throw activityNotFound();
  return row;
}
