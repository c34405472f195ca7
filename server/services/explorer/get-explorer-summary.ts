import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { selectRows } from '@/db/select-rows';
import { now } from '@/server/clock';
import { squareAndCluster } from '@/server/formats/explorer/tile-summary';
import type { ExplorerZoom } from '@/server/formats/explorer/track-tiles';
import { userTimezone } from '../stats/user-timezone';
import type { ExplorerSummary } from './schemas';
import { visibleTileSets, type ActivityTileSet } from './visited-tiles';

/** CONTRACT: Explorer, goals, gear components, segments: GET /explorer/summary?zoom. */
export async function getExplorerSummary(db: Db, userId: number, zoom: ExplorerZoom): Promise<ExplorerSummary> {
  const timezone = await userTimezone(db, userId);
  const [year] = await selectRows<{ ms: number | string }>(
    db,
    sql`select (extract(epoch from (date_trunc('year', ${now().toISOString()}::timestamptz at time zone ${timezone}) at time zone ${timezone})) * 1000)::float8 as ms`,
  );
  const sets = await visibleTileSets(db, userId, zoom);
  // earliest first: the tiles first visited this year are this year's activities' tiles that no earlier one has
  const split = sets.findIndex((s) => s.start >= Number(year!.ms));
  const before = distinctKeys(sets.slice(0, split < 0 ? sets.length : split));
  const since = distinctKeys(split < 0 ? [] : sets.slice(split));
  const newThisYear = countMissing(since, before);
  const all = new Float64Array(before.length + since.length);
  all.set(before);
  all.set(since, before.length);
  const { maxSquare, maxCluster } = squareAndCluster(all, zoom);
  return { tiles: before.length + newThisYear, max_square: maxSquare, max_cluster: maxCluster, new_this_year: newThisYear };
}

/** The distinct keys of the sets, ascending. */
function distinctKeys(sets: readonly ActivityTileSet[]): Float64Array {
  const all = new Float64Array(sets.reduce((n, s) => n + s.keys.length, 0));
  let at = 0;
  for (const s of sets) {
    all.set(s.keys, at);
    at += s.keys.length;
  }
  all.sort();
  let count = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[count++] = all[i]!;
  return all.subarray(0, count);
}

/** How many of the ascending keys `of` are not in the ascending keys `in_`. */
function countMissing(of: Float64Array, in_: Float64Array): number {
  let missing = 0;
  for (let i = 0, j = 0; i < of.length; i++) {
    while (j < in_.length && in_[j]! < of[i]!) j++;
    if (j >= in_.length || in_[j] !== of[i]) missing += 1;
  }
  return missing;
}
