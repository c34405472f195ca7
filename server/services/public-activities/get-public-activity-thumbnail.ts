import type { Db } from '@/db/client';
import { routeThumbnailSvg } from '@/server/formats/metrics/route-thumbnail-svg';
import { getPublicActivityStreams } from './get-public-activity-streams';

/**
 * The route thumbnail of a public activity, drawn from its streams with the owner's privacy zones
 * applied (the stored thumbnail shows the whole track); null without two positions left.
 */
export async function getPublicActivityThumbnail(db: Db, activityId: number): Promise<string | null> {
  const streams = await getPublicActivityStreams(db, activityId);
  return streams.lat && streams.lon ? routeThumbnailSvg(streams.lat, streams.lon) : null;
}
