import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { activityTiles } from '@/db/schema';
import { EXPLORER_TILES_VERSION, type ExplorerZoom } from '@/server/formats/explorer/track-tiles';
import { raiseActivityListVersion } from '../sessions/raise-list-version';

/**
 * Stores activities' explorer tiles under the current version (activity.created subscriber, and a
 * backfill batch, all of one user, in one statement); null records "no track". The tiles come after
 * the activity's own write, so the user's activity version is raised again: the summary kept under
 * it (kept-reads.ts) is read anew with them.
 */
export async function storeActivityTiles(
  db: Db | Tx,
  userId: number,
  rows: readonly { activityId: number; tiles: Record<ExplorerZoom, number[]> | null }[],
): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(activityTiles)
    .values(rows.map(({ activityId, tiles }) => ({ activityId, userId, version: EXPLORER_TILES_VERSION, z14: tiles?.[14] ?? [], z17: tiles?.[17] ?? [] })))
    .onConflictDoUpdate({
      target: activityTiles.activityId,
      set: { version: EXPLORER_TILES_VERSION, z14: sql`excluded.z14`, z17: sql`excluded.z17` },
    });
  await raiseActivityListVersion(db, userId);
}
