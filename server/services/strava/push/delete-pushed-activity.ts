import type { Db } from '@/db/client';
import { deleteActivity } from '../../activities/delete-activity';
import { freshStravaAccessToken } from '../fresh-strava-access-token';
import { ownersStravaActivity } from './ask-strava';
import { findSyncedActivity } from './find-synced-activity';

/**
 * CONTRACT: Beyond the spec … Integrations: an activity `delete` deletes the synced activity only
 * when Strava, asked with the owner's token, answers that it is gone (404).
 */
export async function deletePushedActivity(db: Db, userId: number, athleteId: number, stravaId: number): Promise<{ deleted: boolean }> {
  const found = await findSyncedActivity(db, userId, stravaId);
  if (!found) return { deleted: false };
  const token = await freshStravaAccessToken(db, userId);
  if (!token) return { deleted: false };
  if ((await ownersStravaActivity(token, athleteId, stravaId)) !== null) return { deleted: false };
  await deleteActivity(db, userId, found.id);
  return { deleted: true };
}
