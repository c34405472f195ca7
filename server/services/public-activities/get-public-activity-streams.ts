import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activityStreams } from '@/db/schema';
import { maskStreams } from '@/server/formats/route/privacy-zone-mask';
import { streamsRecord } from '../activities/activity-record';
import type { StreamsResponse } from '../activities/schemas';
import { getPublicActivityRowOrThrow } from './get-public-activity-row-or-throw';

/**
 * GET /public/activities/{id}/streams: every point of the owner's privacy zones removed from every
 * stream, with more around them drawn from each zone's secret, and distance and time starting
 * afresh at the first kept point (server/formats/route/privacy-zone-mask.ts).
 */
export async function getPublicActivityStreams(db: Db, activityId: number): Promise<StreamsResponse> {
  const { zones } = await getPublicActivityRowOrThrow(db, activityId);
  const [row] = await db.select().from(activityStreams).where(eq(activityStreams.activityId, activityId));
  return row ? maskStreams(streamsRecord(row), zones, activityId) : {};
}
