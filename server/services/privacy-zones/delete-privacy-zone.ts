import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { privacyZones } from '@/db/schema';
import { AppError } from '@/server/errors';

/** Removes one of the user's zones; another user's or an unknown one is a 404. */
export async function deletePrivacyZone(db: Db, userId: number, zoneId: number): Promise<void> {
  const deleted = await db
    .delete(privacyZones)
    .where(and(eq(privacyZones.id, zoneId), eq(privacyZones.userId, userId)))
    .returning({ id: privacyZones.id });
  if (!deleted.length) throw new AppError('not_found', { detail: 'No such privacy zone.' });
}
