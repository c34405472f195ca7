import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, activityStreams } from '@/db/schema';
import { streamsRecord } from './activity-record';
import { activityNotFound } from './get-activity-or-throw';

/** CONTRACT: `{ "<type>": [...] }`, only the streams that are set; `{}` for an activity without any. */
export async function getActivityStreams(db: Db, userId: number, activityId: number) {
  const [found] = await db
    .select({ id: activities.id, streams: activityStreams })
    .from(activities)
    .leftJoin(activityStreams, eq(activityStreams.activityId, activities.id))
    .where(and(eq(activities.id, activityId), eq(activities.userId, userId)));
  if (!found) throw activityNotFound();
  return found.streams ? streamsRecord(found.streams) : {};
}
