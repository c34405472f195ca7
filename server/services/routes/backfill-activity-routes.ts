import { eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, activityStreams } from '@/db/schema';
import { routePolyline } from '@/server/formats/route/route-polyline';
import { staleRouteActivities } from './stale-route-activities';
import { storeActivityRoute } from './store-activity-route';

/**
 * One batch of the route backfill: computes and stores the route of up to `limit` of the user's
 * activities that lack a current one. Returns how many it stored; fewer than `limit` means done.
 * Idempotent: a batch run twice stores the same rows.
 */
export async function backfillActivityRoutes(db: Db, userId: number, limit: number): Promise<number> {
  const stale = await staleRouteActivities(db, eq(activities.userId, userId)).limit(limit);
  if (!stale.length) return 0;
  const ids = stale.map((a) => a.id);
  const tracks = await db
    .select({ activityId: activityStreams.activityId, lat: activityStreams.lat, lon: activityStreams.lon })
    .from(activityStreams)
    .where(inArray(activityStreams.activityId, ids));
  for (const track of tracks) await storeActivityRoute(db, track.activityId, track.lat && track.lon ? routePolyline(track.lat, track.lon) : null);
  return tracks.length;
}
