import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { gears } from '@/db/schema';
import { gearNotFound } from './get-gear-or-throw';

/** Activities that used the gear keep existing without it (gear_id set null by the foreign key). */
export async function deleteGear(db: Db, userId: number, gearId: number): Promise<void> {
  const rows = await db
    .delete(gears)
    .where(and(eq(gears.id, gearId), eq(gears.userId, userId)))
    .returning({ id: gears.id });
  if (!rows.length) throw gearNotFound();
}
