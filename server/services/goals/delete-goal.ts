import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { goals } from '@/db/schema';
import { goalNotFound } from './update-goal';

export async function deleteGoal(db: Db, userId: number, goalId: number): Promise<void> {
  const rows = await db
    .delete(goals)
    .where(and(eq(goals.id, goalId), eq(goals.userId, userId)))
    .returning({ id: goals.id });
  if (!rows.length) throw goalNotFound();
}
