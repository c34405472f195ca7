import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activityMedia } from '@/db/schema';
import { getActivityOrThrow } from '../activities/get-activity-or-throw';
import { mediaRecord, type MediaRecord } from './media-record';

/** The photos of one of the user's activities, in the order they were attached. */
export async function listActivityMedia(db: Db, userId: number, activityId: number): Promise<MediaRecord[]> {
  await getActivityOrThrow(db, userId, activityId);
  const rows = await db.select().from(activityMedia).where(eq(activityMedia.activityId, activityId)).orderBy(asc(activityMedia.id));
  return rows.map(mediaRecord);
}
