import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, activityRoutes, activityStreams } from '@/db/schema';
import { ROUTE_POLYLINE_VERSION } from '@/server/formats/route/route-polyline';

/**
 * Activities with a position stream but no route of the current algorithm version: what the
 * backfill job computes (stored before routes existed, or under an older version).
 */
export function staleRouteActivities(db: Db, also?: SQL) {
  return db
    .select({ id: activities.id, userId: activities.userId })
    .from(activities)
    .innerJoin(activityStreams, eq(activityStreams.activityId, activities.id))
    .leftJoin(activityRoutes, and(eq(activityRoutes.activityId, activities.id), eq(activityRoutes.version, ROUTE_POLYLINE_VERSION)))
    .where(and(isNotNull(sql`${activityStreams.lat}`), isNull(activityRoutes.activityId), also))
    .$dynamic();
}
