import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, activityHrZones } from '@/db/schema';
import { activityNotFound } from './get-activity-or-throw';

/** Heart-rate zones written by the activity.created subscriber; `zones: null` when none were computed. */
export async function getActivityZones(db: Db, userId: number, activityId: number) {
  const [found] = await db
    .select({ id: activities.id, zones: activityHrZones })
    .from(activities)
    .leftJoin(activityHrZones, eq(activityHrZones.activityId, activities.id))
    .where(and(eq(activities.id, activityId), eq(activities.userId, userId)));
  if (!found) throw activityNotFound();
  return {
    activity_id: activityId,
    max_heart_rate: found.zones?.maxHeartRate ?? null,
    zones: found.zones?.zones ?? null,
  };
}
