import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { gearComponents } from '@/db/schema';
import { componentNotFound } from './list-gear-components';

export async function deleteGearComponent(db: Db, userId: number, gearId: number, componentId: number): Promise<void> {
  const rows = await db
    .delete(gearComponents)
    .where(and(eq(gearComponents.id, componentId), eq(gearComponents.gearId, gearId), eq(gearComponents.userId, userId)))
    .returning({ id: gearComponents.id });
  if (!rows.length) throw componentNotFound();
}
