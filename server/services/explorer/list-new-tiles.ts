import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, activityTiles } from '@/db/schema';
import { tileOfKey } from '@/server/formats/explorer/track-tiles';
import { activityNotFound } from '../activities/get-activity-or-throw';
import type { NewTiles } from './schemas';
import { visitedTiles } from './visited-tiles';

/**
 * GET /activities/{id}/new_tiles: the activity's tiles that no earlier visible activity of the
 * owner passed through (first visits; one starting at the same instant counts as earlier).
 */
export async function listNewTiles(db: Db, userId: number, activityId: number): Promise<NewTiles> {
  const [own] = await db
    .select({ start: activities.startTime, z14: activityTiles.z14, z17: activityTiles.z17 })
    .from(activities)
    .leftJoin(activityTiles, eq(activityTiles.activityId, activities.id))
    .where(and(eq(activities.id, activityId), eq(activities.userId, userId)));
  if (!own) throw activityNotFound();
  const start = own.start.getTime();
  const result: NewTiles = { z14: [], z17: [] };
  for (const zoom of [14, 17] as const) {
    const mine = new Set(own[`z${zoom}`] ?? []);
    if (!mine.size) continue;
    const firsts = new Map((await visitedTiles(db, userId, zoom, activityId)).map((t) => [t.key, t.first]));
    for (const key of [...mine].sort((a, b) => a - b)) {
      const other = firsts.get(key);
      if (other === undefined || other > start) {
        const [x, y] = tileOfKey(key, zoom);
        result[`z${zoom}`].push({ x, y });
      }
    }
  }
  return result;
}
