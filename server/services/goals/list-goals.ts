import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { goals } from '@/db/schema';
import { goalRecord } from './goal-record';
import type { GoalResponse } from './schemas';

export async function listGoals(db: Db, userId: number): Promise<GoalResponse[]> {
  const rows = await db.select().from(goals).where(eq(goals.userId, userId)).orderBy(asc(goals.id));
  return rows.map(goalRecord);
}
