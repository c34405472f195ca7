import type { Db, Tx } from '@/db/client';
import { executeInline } from '@/db/pglite-inline';
import { activityRoutes } from '@/db/schema';
import { ROUTE_POLYLINE_VERSION, type RoutePolyline } from '@/server/formats/route/route-polyline';

/**
 * Stores an activity's simplified route under the current algorithm version (activity.created
 * subscriber, and the backfill job); a null route records that the activity has none.
 */
export async function storeActivityRoute(db: Db | Tx, activityId: number, route: RoutePolyline | null): Promise<void> {
  const values = {
    version: ROUTE_POLYLINE_VERSION,
    polyline: route?.polyline ?? null,
    minLat: route?.minLat ?? null,
    minLon: route?.minLon ?? null,
    maxLat: route?.maxLat ?? null,
    maxLon: route?.maxLon ?? null,
  };
  const upsert = db
    .insert(activityRoutes)
    .values({ activityId, ...values })
    .onConflictDoUpdate({ target: activityRoutes.activityId, set: values });
  await executeInline(db, upsert.getSQL());
}
