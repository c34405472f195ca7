import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, privacyZones, users, type ActivityRow } from '@/db/schema';
import { AppError } from '@/server/errors';
import type { SecretZone } from '@/server/formats/route/privacy-zone-mask';

/**
 * CONTRACT: Beyond the spec … Maps, privacy zones, sharing: a public activity, readable without
 * signing in, with its owner's privacy zones. Any other visibility (`followers` is `private`), a
 * hidden activity, or one that came from Strava sync (Strava's API terms: its data is shown to its
 * owner only) is the same 404 as an activity that does not exist; so is every activity of a
 * deactivated account, until it is reactivated (issue 49 case 12).
 */
export async function getPublicActivityRowOrThrow(db: Db, activityId: number): Promise<{ row: ActivityRow; zones: SecretZone[] }> {
  const [found] = await db
    .select({ row: activities })
    .from(activities)
    .innerJoin(users, eq(users.id, activities.userId))
    .where(
      and(
        eq(activities.id, activityId),
        eq(activities.visibility, 'public'),
        eq(activities.isHidden, false),
        ne(activities.source, 'strava'),
        eq(users.active, true),
      ),
    );
  const row = found?.row;
  if (!row) throw new AppError('not_found', { detail: 'No such activity.' });
  const zones = await db
    .select({ lat: privacyZones.lat, lon: privacyZones.lon, radius: privacyZones.radius, secret: privacyZones.secret })
    .from(privacyZones)
    .where(eq(privacyZones.userId, row.userId));
  return { row, zones };
}
