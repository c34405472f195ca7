import { now } from '@/server/clock';
import type { Db } from '@/db/client';
import { executeInline } from '@/db/pglite-inline';
import { activityThumbnails } from '@/db/schema';
import type { ActivityDerived } from '@/server/events/activity-created';

/** activity.created subscriber: stores the route thumbnail the ingesting worker drew, if any. */
export async function createActivityThumbnail(db: Db, activityId: number, derived: ActivityDerived): Promise<void> {
  const svg = derived.thumbnailSvg;
  if (!svg) return;
  const upsert = db
    .insert(activityThumbnails)
    .values({ activityId, svg })
    .onConflictDoUpdate({ target: activityThumbnails.activityId, set: { svg, createdAt: now() } });
  // the drawing (a few KB) goes past PGlite's protocol writer (db/pglite-inline.ts)
  await executeInline(db, upsert.getSQL());
}
