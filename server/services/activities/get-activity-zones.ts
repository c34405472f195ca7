import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, activityHrZones, activityLoads, users } from '@/db/schema';
import { listThresholds } from '../training-load/list-thresholds';
import { localDay } from '@/server/util/local-day';
import { thresholdsOn } from '../training-load/thresholds-on';
import { activityNotFound } from './get-activity-or-throw';
import { hrZonesFromBpmSeconds } from './hr-zones';

/**
 * Heart-rate zones. CONTRACT: … Training load: under the max_hr of the thresholds entry in effect on
 * the activity's start day, from its heart-rate grid, so a threshold change shows at once; without
 * one, as the activity.created subscriber wrote them (profile max or birthdate); `zones: null` when
 * none were computed.
 */
export async function getActivityZones(db: Db, userId: number, activityId: number) {
  const [found] = await db
    .select({ id: activities.id, start: activities.startTime, timezone: users.timezone, zones: activityHrZones, hrSeconds: activityLoads.hrSeconds })
    .from(activities)
    .innerJoin(users, eq(users.id, activities.userId))
    .leftJoin(activityHrZones, eq(activityHrZones.activityId, activities.id))
    .leftJoin(activityLoads, eq(activityLoads.activityId, activities.id))
    .where(and(eq(activities.id, activityId), eq(activities.userId, userId)));
  if (!found) throw activityNotFound();
  const maxHr = found.hrSeconds ? thresholdsOn(await listThresholds(db, userId), localDay(found.start, found.timezone))?.max_hr : null;
  if (maxHr && found.hrSeconds) return { activity_id: activityId, max_heart_rate: maxHr, zones: hrZonesFromBpmSeconds(found.hrSeconds, maxHr) };
  return {
    activity_id: activityId,
    max_heart_rate: found.zones?.maxHeartRate ?? null,
    zones: found.zones?.zones ?? null,
  };
}
