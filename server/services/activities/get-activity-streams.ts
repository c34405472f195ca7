import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, activityStreams } from '@/db/schema';
import { gapTrackOf } from '../performance/get-activity-gap';
import { streamsRecord } from './activity-record';
import { activityNotFound } from './get-activity-or-throw';

/**
 * CONTRACT: `{ "<type>": [...] }`, only the streams that are set; `{}` for an activity without any.
 * A run-family activity with distance and altitude adds `gap` (Grade-adjusted pace (issue 52)).
 */
export async function getActivityStreams(db: Db, userId: number, activityId: number) {
  const [found] = await db
    .select({ id: activities.id, type: activities.activityType, streams: activityStreams })
    .from(activities)
    .leftJoin(activityStreams, eq(activityStreams.activityId, activities.id))
    .where(and(eq(activities.id, activityId), eq(activities.userId, userId)));
  if (!found) throw activityNotFound();
  if (!found.streams) return {};
  const gap = gapTrackOf(found.type, found.streams)?.gap.map((v) => (v === null ? null : Math.round(v * 10) / 10));
  return gap ? { ...streamsRecord(found.streams), gap } : streamsRecord(found.streams);
}
