import { and, count, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities } from '@/db/schema';
import { log } from '@/server/log/logger';
import { removeOriginal } from '@/server/stored-files/originals';
import { queueWebhookEvent } from '../webhooks/queue-webhook-event';
import { activityNotFound } from './get-activity-or-throw';

/**
 * Deletes the activity (laps, streams, zones and thumbnail cascade) and its original file once no
 * other activity of the same upload (a multi-session FIT) still uses it.
 */
export async function deleteActivity(db: Db, userId: number, activityId: number): Promise<void> {
  const [gone] = await db
    .delete(activities)
    .where(and(eq(activities.id, activityId), eq(activities.userId, userId)))
    .returning({ originalPath: activities.originalPath });
  if (!gone) throw activityNotFound();
  await queueWebhookEvent(db, userId, 'activity.deleted', { activity_id: activityId });
  if (!gone.originalPath) return;
  const [others] = await db.select({ n: count() }).from(activities).where(eq(activities.originalPath, gone.originalPath));
  if ((others?.n ?? 0) > 0) return;
  await removeOriginal(gone.originalPath).catch((error: unknown) => log().warn({ err: error, activity_id: activityId }, 'could not remove the original file'));
}
