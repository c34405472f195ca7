import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities } from '@/db/schema';
import { stravaDedupKey } from '../sync/strava-sync-range';

/** The user's activity stored from this Strava activity (by the sync's dedup key), or null. */
export async function findSyncedActivity(db: Db, userId: number, stravaId: number): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.userId, userId), eq(activities.dedupKey, stravaDedupKey(stravaId))));
  return row ?? null;
}
