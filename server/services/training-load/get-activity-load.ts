import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, activityLoads, users } from '@/db/schema';
import { missingLoadReason, NO_LOAD_INPUTS } from '@/server/formats/metrics/training-load';
import { activityNotFound } from '../activities/get-activity-or-throw';
import { listThresholds } from './list-thresholds';
import { localDay } from './local-day';
import type { ActivityLoadResponse } from './schemas';
import { thresholdsOn } from './thresholds-on';

/** An activity's load, why it has none, and the thresholds entry in effect on its start day. */
export async function getActivityLoad(db: Db, userId: number, activityId: number): Promise<ActivityLoadResponse> {
  const [found] = await db
    .select({ start: activities.startTime, timezone: users.timezone, load: activityLoads })
    .from(activities)
    .innerJoin(users, eq(users.id, activities.userId))
    .leftJoin(activityLoads, eq(activityLoads.activityId, activities.id))
    .where(and(eq(activities.id, activityId), eq(activities.userId, userId)));
  if (!found) throw activityNotFound();
  const thresholds = thresholdsOn(await listThresholds(db, userId), localDay(found.start, found.timezone));
  const load = {
    trimp: found.load?.trimp ?? null,
    trainingLoad: found.load?.trainingLoad ?? null,
    loadMethod: found.load?.loadMethod ?? null,
    intensityFactor: found.load?.intensityFactor ?? null,
  };
  const inputs = found.load
    ? { normalizedPower: found.load.normalizedPower, powerSeconds: found.load.powerSeconds, hrSeconds: found.load.hrSeconds }
    : NO_LOAD_INPUTS;
  return {
    activity_id: activityId,
    trimp: load.trimp,
    training_load: load.trainingLoad,
    load_method: load.loadMethod,
    intensity_factor: load.intensityFactor,
    missing_reason: missingLoadReason(inputs, load),
    thresholds,
  };
}
