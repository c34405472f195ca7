import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { privacyZones } from '@/db/schema';
import { validationError } from '@/server/errors';
import { MAX_PRIVACY_ZONES, type CreatePrivacyZoneInput, type PrivacyZoneResponse } from './schemas';

const USER_ZONES_LOCK = 7327;

/** Adds a zone; past MAX_PRIVACY_ZONES → 422. The count and the insert hold a per-user lock. */
export async function createPrivacyZone(db: Db, userId: number, input: CreatePrivacyZoneInput): Promise<PrivacyZoneResponse> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${USER_ZONES_LOCK}, ${userId})`);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(privacyZones).where(eq(privacyZones.userId, userId));
    if (n >= MAX_PRIVACY_ZONES)
      throw validationError([{ field: 'name', message: `at most ${MAX_PRIVACY_ZONES} privacy zones` }], `At most ${MAX_PRIVACY_ZONES} privacy zones.`);
    const [row] = await tx
      .insert(privacyZones)
      .values({ userId, ...input })
      .returning();
    return { id: row!.id, name: row!.name, lat: row!.lat, lon: row!.lon, radius: row!.radius };
  });
}
