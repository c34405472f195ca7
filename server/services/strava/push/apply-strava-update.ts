import type { Db } from '@/db/client';
import { activityTypeFromStrava } from '@/server/formats/activity-types';
import { updateActivity } from '../../activities/update-activity';
import type { UpdateActivityInput } from '../../activities/schemas';
import { freshStravaAccessToken } from '../fresh-strava-access-token';
import { ownersStravaActivity, type OwnedStravaActivity } from './ask-strava';
import { findSyncedActivity, type SyncedActivity } from './find-synced-activity';

/**
 * CONTRACT: Beyond the spec … Integrations: an activity `update` fetches the activity from Strava
 * with the owner's token and applies what Strava answers (never the event's `updates`): its name,
 * its type (`sport_type`, else `type`, through the one type table) and its privacy (`private`
 * true is Strava's "Only You": private here). Strava's answer never widens the visibility chosen
 * here (activities are stored private; a Strava activity that is not private keeps whatever the
 * owner chose in Stride). Only what differs is changed.
 */
export function stravaUpdateInput(current: SyncedActivity, answer: OwnedStravaActivity): UpdateActivityInput {
  const input: UpdateActivityInput = {};
  const name = typeof answer.name === 'string' ? answer.name.trim().slice(0, 255) : '';
  if (name && name !== current.name) input.name = name;
  const sport = answer.sport_type ?? answer.type;
  if (typeof sport === 'string' && sport) {
    const type = activityTypeFromStrava(sport);
    if (type !== current.activityType) input.activity_type = type;
  }
  if (answer.private === true && current.visibility !== 'private') input.visibility = 'private';
  return input;
}

/** An `update` event for a synced activity: nothing is asked of Strava for one that is not stored. */
export async function applyStravaUpdate(db: Db, userId: number, athleteId: number, stravaId: number): Promise<{ updated: boolean }> {
  const found = await findSyncedActivity(db, userId, stravaId);
  if (!found) return { updated: false };
  const token = await freshStravaAccessToken(db, userId);
  if (!token) return { updated: false };
  const answer = await ownersStravaActivity(token, athleteId, stravaId);
  if (!answer) return { updated: false };
  const input = stravaUpdateInput(found, answer);
  if (Object.keys(input).length === 0) return { updated: false };
  await updateActivity(db, userId, found.id, input, undefined);
  return { updated: true };
}
