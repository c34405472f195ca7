import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { selectRows } from '@/db/select-rows';
import type { ExplorerZoom } from '@/server/formats/explorer/track-tiles';

/** Each distinct tile the user's visible activities (but `except`) passed through, with the start of the first of them (epoch ms). */
export async function visitedTiles(db: Db, userId: number, zoom: ExplorerZoom, except?: number): Promise<{ key: number; first: number }[]> {
  const column = sql.raw(zoom === 14 ? 't.z14' : 't.z17');
  const rows = await selectRows<{ key: number | string; first: number | string }>(
    db,
    sql`select k.key, (extract(epoch from min(a.start_time)) * 1000)::float8 as first
      from activity_tiles t join activities a on a.id = t.activity_id and not a.is_hidden, unnest(${column}) as k(key)
      where t.user_id = ${userId} ${except === undefined ? sql`` : sql`and t.activity_id <> ${except}`} group by k.key`,
  );
  return rows.map((r) => ({ key: Number(r.key), first: Number(r.first) }));
}
