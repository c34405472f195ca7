import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activityStreams, activityThumbnails } from '@/db/schema';
import { routeThumbnailSvg } from './route-thumbnail-svg';

/** activity.created subscriber: the route as an SVG thumbnail, when the activity has a track. */
export async function createActivityThumbnail(db: Db, activityId: number): Promise<void> {
  const [found] = await db
    .select({ lat: activityStreams.lat, lon: activityStreams.lon })
    .from(activityStreams)
    .where(eq(activityStreams.activityId, activityId));
  if (!found?.lat || !found.lon) return;
  const svg = routeThumbnailSvg(found.lat, found.lon);
  if (!svg) return;
  await db
    .insert(activityThumbnails)
    .values({ activityId, svg })
    .onConflictDoUpdate({ target: activityThumbnails.activityId, set: { svg, createdAt: new Date() } });
}
