import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, activityLoads, users } from '@/db/schema';
import { missingLoadReason, NO_LOAD_INPUTS } from '@/server/formats/metrics/training-load';
import { activityNotFound } from '../activities/get-activity-or-throw';
import { listThresholds } from './list-thresholds';
import { localDay } from '@/server/util/local-day';
import type { ActivityLoadResponse } from './schemas';
import { thresholdsOn } from './thresholds-on';

/** An activity's load figures, why it has none, and the thresholds entry in effect on its start day. */
export async function getActivityLoad(db: Db, userId: number, activityId: number): Promise<ActivityLoadResponse> {
  const [found] = await db
    .select({
      start: activities.startTime,
      timezone: users.timezone,
      trimp: activities.trimp,
      trainingLoad: activities.trainingLoad,
      loadMethod: activities.loadMethod,
      intensityFactor: activities.intensityFactor,
      inputs: activityLoads,
    })
    .from(activities)
    .innerJoin(users, eq(users.id, activities.userId))
    .leftJoin(activityLoads, eq(activityLoads.activityId, activities.id))
    .where(and(eq(activities.id, activityId), eq(activities.userId, userId)));
  if (!found) throw activityNotFound();
  const thresholds = thresholdsOn(await listThresholds(db, userId), localDay(found.start, found.timezone));
  const loadMethod = found.loadMethod === 'power' || found.loadMethod === 'hr' || found.loadMethod === 'pace' ? found.loadMethod : null;
  return {
    activity_id: activityId,
    trimp: found.trimp,
    training_load: found.trainingLoad,
    load_method: loadMethod,
    intensity_factor: found.intensityFactor,
    missing_reason: missingLoadReason(found.inputs ?? NO_LOAD_INPUTS, { ...found, loadMethod }),
    thresholds,
  };
}
