import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { gears } from '@/db/schema';
import { validationError } from '@/server/errors';

/** An activity links only the user's own gear: another's (or none such) is a 422 naming gear_id. */
export async function assertOwnGear(db: Db, userId: number, gearId: number | null | undefined): Promise<void> {
  if (gearId == null) return;
  const [own] = await db
    .select({ id: gears.id })
    .from(gears)
    .where(and(eq(gears.id, gearId), eq(gears.userId, userId)));
  if (!own) throw validationError([{ field: '/gear_id', message: 'gear_id must be one of your gear' }]);
}
