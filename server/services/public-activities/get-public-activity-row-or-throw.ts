import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, privacyZones, type ActivityRow } from '@/db/schema';
import { AppError } from '@/server/errors';
import type { Circle } from '@/server/formats/route/privacy-zone-mask';

/**
 * CONTRACT: Beyond the spec … Maps, privacy zones, sharing: a public activity, readable without
 * signing in, with its owner's privacy zones. Any other visibility (`followers` is `private`), a
 * hidden activity, or one that came from Strava sync (Strava's API terms: its data is shown to its
 * owner only) is the same 404 as an activity that does not exist.
 */
export async function getPublicActivityRowOrThrow(db: Db, activityId: number): Promise<{ row: ActivityRow; zones: Circle[] }> {
  const [row] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.id, activityId), eq(activities.visibility, 'public'), eq(activities.isHidden, false), ne(activities.source, 'strava')));
  if (!row) throw new AppError('not_found', { detail: 'No such activity.' });
  const zones = await db
    .select({ lat: privacyZones.lat, lon: privacyZones.lon, radius: privacyZones.radius })
    .from(privacyZones)
    .where(eq(privacyZones.userId, row.userId));
  return { row, zones };
}
