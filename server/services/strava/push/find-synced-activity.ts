import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, type ActivityRow } from '@/db/schema';
import { stravaDedupKey } from '../sync/strava-sync-range';

export type SyncedActivity = Pick<ActivityRow, 'id' | 'name' | 'activityType' | 'visibility'>;

/** The user's activity stored from this Strava activity (by the sync's dedup key), or null. */
export async function findSyncedActivity(db: Db, userId: number, stravaId: number): Promise<SyncedActivity | null> {
  const [row] = await db
    .select({ id: activities.id, name: activities.name, activityType: activities.activityType, visibility: activities.visibility })
    .from(activities)
    .where(and(eq(activities.userId, userId), eq(activities.dedupKey, stravaDedupKey(stravaId))));
  return row ?? null;
}
