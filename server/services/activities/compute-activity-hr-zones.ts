import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, activityHrZones, activityStreams, users } from '@/db/schema';
import { estimatedMaxHeartRate, hrZoneSeconds } from './hr-zones';

/**
 * activity.created subscriber: seconds in each of five zones, from the user's max_heart_rate,
 * else 220 − age from the birthdate, else nothing (no zones for this activity).
 */
export async function computeActivityHrZones(db: Db, activityId: number): Promise<void> {
  const [found] = await db
    .select({ start: activities.startTime, maxHr: users.maxHeartRate, birthdate: users.birthdate, time: activityStreams.time, hr: activityStreams.heartRate })
    .from(activities)
    .innerJoin(users, eq(users.id, activities.userId))
    .innerJoin(activityStreams, eq(activityStreams.activityId, activities.id))
    .where(eq(activities.id, activityId));
  if (!found?.hr) return;
  const max = found.maxHr ?? (found.birthdate ? estimatedMaxHeartRate(found.birthdate, found.start) : null);
  if (!max) return;
  const zones = hrZoneSeconds(found.time, found.hr, max);
  await db
    .insert(activityHrZones)
    .values({ activityId, maxHeartRate: max, zones })
    .onConflictDoUpdate({ target: activityHrZones.activityId, set: { maxHeartRate: max, zones, createdAt: new Date() } });
}
