import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { selectRows } from '@/db/select-rows';
import type { ExplorerZoom } from '@/server/formats/explorer/track-tiles';

/** One visible activity's tiles (keys) and its start (epoch ms). */
export interface ActivityTileSet {
  start: number;
  keys: Float64Array;
}

/**
 * The tiles of each of the user's visible activities (but `except`) at `zoom`, earliest start
 * first. The union is taken here rather than by the database: its `unnest … group by` over
 * a large history took seconds on PGlite, the arrays as text parse at once (bench/README.md).
 */
export async function visibleTileSets(db: Db, userId: number, zoom: ExplorerZoom, except?: number): Promise<ActivityTileSet[]> {
  const column = sql.raw(zoom === 14 ? 't.z14' : 't.z17');
  const rows = await selectRows<{ start: number | string; keys: string }>(
    db,
    sql`select (extract(epoch from a.start_time) * 1000)::float8 as start, array_to_string(${column}, ',') as keys
      from activity_tiles t join activities a on a.id = t.activity_id and not a.is_hidden
      where t.user_id = ${userId} and cardinality(${column}) > 0 ${except === undefined ? sql`` : sql`and t.activity_id <> ${except}`}
      order by a.start_time, a.id`,
  );
  return rows.map((r) => ({ start: Number(r.start), keys: Float64Array.from(r.keys.split(','), Number) }));
}

/** Each distinct tile the user's visible activities (but `except`) passed through, with the start of the first of them (epoch ms). */
export async function visitedTiles(db: Db, userId: number, zoom: ExplorerZoom, except?: number): Promise<{ key: number; first: number }[]> {
  const first = new Map<number, number>();
  for (const set of await visibleTileSets(db, userId, zoom, except)) for (const key of set.keys) if (!first.has(key)) first.set(key, set.start);
  return [...first].map(([key, start]) => ({ key, first: start }));
}
