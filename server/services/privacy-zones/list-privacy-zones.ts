import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { privacyZones } from '@/db/schema';
import type { PrivacyZoneResponse } from './schemas';

/** The user's privacy zones, oldest first. */
export async function listPrivacyZones(db: Db, userId: number): Promise<PrivacyZoneResponse[]> {
  return db
    .select({ id: privacyZones.id, name: privacyZones.name, lat: privacyZones.lat, lon: privacyZones.lon, radius: privacyZones.radius })
    .from(privacyZones)
    .where(eq(privacyZones.userId, userId))
    .orderBy(asc(privacyZones.id));
}
