import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, activityStreams, activityTiles } from '@/db/schema';
import { activityTrackTiles, EXPLORER_TILES_VERSION } from '@/server/formats/explorer/track-tiles';
import type { ActivityType } from '@/server/formats';
import { storeActivityTiles } from './store-activity-tiles';

/** Activities with a position stream and no tiles of the current version: what the backfill computes. */
export function staleTileActivities(db: Db, also?: SQL) {
  return db
    .select({ id: activities.id, userId: activities.userId })
    .from(activities)
    .innerJoin(activityStreams, eq(activityStreams.activityId, activities.id))
    .leftJoin(activityTiles, and(eq(activityTiles.activityId, activities.id), eq(activityTiles.version, EXPLORER_TILES_VERSION)))
    .where(and(isNotNull(sql`${activityStreams.lat}`), isNull(activityTiles.activityId), also))
    .$dynamic();
}

/**
 * One batch of the explorer backfill (like the route backfill): the tiles of up to `limit` of the
 * user's activities that lack current ones, from their stored dense track. Returns how many it
 * stored; fewer than `limit` means done. A batch run twice stores the same rows.
 */
export async function backfillActivityTiles(db: Db, userId: number, limit: number): Promise<number> {
  const stale = await staleTileActivities(db, eq(activities.userId, userId)).limit(limit);
  if (!stale.length) return 0;
  const tracks = await db
    .select({
      activityId: activityStreams.activityId,
      type: activities.activityType,
      time: activityStreams.time,
      lat: activityStreams.lat,
      lon: activityStreams.lon,
    })
    .from(activityStreams)
    .innerJoin(activities, eq(activities.id, activityStreams.activityId))
    .where(
      inArray(
        activityStreams.activityId,
        stale.map((a) => a.id),
      ),
    );
  await storeActivityTiles(
    db,
    userId,
    tracks.map(({ activityId, type, ...track }) => ({ activityId, tiles: activityTrackTiles(type as ActivityType, track) })),
  );
  return tracks.length;
}
