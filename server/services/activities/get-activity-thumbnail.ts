import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, activityThumbnails } from '@/db/schema';
import { AppError } from '@/server/errors';
import { activityNotFound } from './get-activity-or-throw';

/** The route thumbnail (SVG text) drawn by the activity.created subscriber. */
export async function getActivityThumbnail(db: Db, userId: number, activityId: number): Promise<string> {
  const [found] = await db
    .select({ id: activities.id, svg: activityThumbnails.svg })
    .from(activities)
    .leftJoin(activityThumbnails, eq(activityThumbnails.activityId, activities.id))
    .where(and(eq(activities.id, activityId), eq(activities.userId, userId)));
  if (!found) throw activityNotFound();
  if (!found.svg) throw new AppError('not_found', { detail: 'This activity has no route thumbnail (no GPS track, or not drawn yet).' });
  return found.svg;
}
