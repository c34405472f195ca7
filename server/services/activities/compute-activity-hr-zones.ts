import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, activityHrZones, users } from '@/db/schema';
import type { ActivityDerived } from '@/server/events/activity-created';
import { estimatedMaxHeartRate, hrZonesFromBpmSeconds } from './hr-zones';

/**
 * activity.created subscriber: seconds in each of five zones, from the user's max_heart_rate,
 * else 220 − age from the birthdate, else nothing (no zones for this activity). The seconds per bpm
 * come from the ingesting worker, so only the user's figures are read here, not the streams.
 */
export async function computeActivityHrZones(db: Db, activityId: number, derived: ActivityDerived): Promise<void> {
  if (!derived.hrSecondsByBpm) return;
  const [found] = await db
    .select({ start: activities.startTime, maxHr: users.maxHeartRate, birthdate: users.birthdate })
    .from(activities)
    .innerJoin(users, eq(users.id, activities.userId))
    .where(eq(activities.id, activityId));
  if (!found) return;
  const max = found.maxHr ?? (found.birthdate ? estimatedMaxHeartRate(found.birthdate, found.start) : null);
  if (!max) return;
  const zones = hrZonesFromBpmSeconds(derived.hrSecondsByBpm, max);
  await db
    .insert(activityHrZones)
    .values({ activityId, maxHeartRate: max, zones })
    .onConflictDoUpdate({ target: activityHrZones.activityId, set: { maxHeartRate: max, zones, createdAt: new Date() } });
}
