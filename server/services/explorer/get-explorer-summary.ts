import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { selectRows } from '@/db/select-rows';
import { now } from '@/server/clock';
import { squareAndCluster } from '@/server/formats/explorer/tile-summary';
import type { ExplorerZoom } from '@/server/formats/explorer/track-tiles';
import { userTimezone } from '../stats/user-timezone';
import type { ExplorerSummary } from './schemas';
import { visitedTiles } from './visited-tiles';

/** CONTRACT: Explorer, goals, gear components, segments: GET /explorer/summary?zoom. */
export async function getExplorerSummary(db: Db, userId: number, zoom: ExplorerZoom): Promise<ExplorerSummary> {
  const timezone = await userTimezone(db, userId);
  const [year] = await selectRows<{ ms: number | string }>(
    db,
    sql`select (extract(epoch from (date_trunc('year', ${now().toISOString()}::timestamptz at time zone ${timezone}) at time zone ${timezone})) * 1000)::float8 as ms`,
  );
  const tiles = await visitedTiles(db, userId, zoom);
  const yearStart = Number(year!.ms);
  const { maxSquare, maxCluster } = squareAndCluster(
    tiles.map((t) => t.key),
    zoom,
  );
  return { tiles: tiles.length, max_square: maxSquare, max_cluster: maxCluster, new_this_year: tiles.filter((t) => t.first >= yearStart).length };
}
