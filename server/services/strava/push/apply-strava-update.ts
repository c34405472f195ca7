import type { Db } from '@/db/client';
import { activityTypeFromStrava } from '@/server/formats/activity-types';
import { updateActivity } from '../../activities/update-activity';
import type { UpdateActivityInput } from '../../activities/schemas';
import { findSyncedActivity } from './find-synced-activity';

type Updates = Record<string, string | number | boolean>;

/**
 * CONTRACT: Beyond the spec … Integrations: an activity `update` applies a new name (`title`),
 * type (`sport_type`, else `type`, through the one type table) or visibility (`private`: "true" is
 * Strava's "Only You"; "false" is followers or everyone, which Stride keeps as `followers`).
 */
export function stravaUpdateInput(updates: Updates): UpdateActivityInput {
  const input: UpdateActivityInput = {};
  if (typeof updates.title === 'string' && updates.title.trim()) input.name = updates.title.trim().slice(0, 255);
  const sport = updates.sport_type ?? updates.type;
  if (typeof sport === 'string' && sport) input.activity_type = activityTypeFromStrava(sport);
  if (String(updates.private) === 'true') input.visibility = 'private';
  else if (String(updates.private) === 'false') input.visibility = 'followers';
  return input;
}

export async function applyStravaUpdate(db: Db, userId: number, stravaId: number, updates: Updates): Promise<{ updated: boolean }> {
  const input = stravaUpdateInput(updates);
  const found = await findSyncedActivity(db, userId, stravaId);
  if (!found || Object.keys(input).length === 0) return { updated: false };
  await updateActivity(db, userId, found.id, input, undefined);
  return { updated: true };
}
