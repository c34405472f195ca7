import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activityStreams } from '@/db/schema';
import { maskStreams } from '@/server/formats/route/privacy-zone-mask';
import { streamsRecord } from '../activities/activity-record';
import type { StreamsResponse } from '../activities/schemas';
import { getPublicActivityRowOrThrow } from './get-public-activity-row-or-throw';

/** GET /public/activities/{id}/streams: every point inside one of the owner's privacy zones removed from every stream. */
export async function getPublicActivityStreams(db: Db, activityId: number): Promise<StreamsResponse> {
  const { zones } = await getPublicActivityRowOrThrow(db, activityId);
  const [row] = await db.select().from(activityStreams).where(eq(activityStreams.activityId, activityId));
  return row ? maskStreams(streamsRecord(row), zones) : {};
}
