import type { Db, Tx } from '@/db/client';
import { activityTiles } from '@/db/schema';
import { EXPLORER_TILES_VERSION, type ExplorerZoom } from '@/server/formats/explorer/track-tiles';

/** Stores an activity's explorer tiles under the current version (activity.created subscriber, and the backfill); null records "no track". */
export async function storeActivityTiles(db: Db | Tx, activityId: number, userId: number, tiles: Record<ExplorerZoom, number[]> | null): Promise<void> {
  const values = { version: EXPLORER_TILES_VERSION, z14: tiles?.[14] ?? [], z17: tiles?.[17] ?? [] };
  await db
    .insert(activityTiles)
    .values({ activityId, userId, ...values })
    .onConflictDoUpdate({ target: activityTiles.activityId, set: values });
}
