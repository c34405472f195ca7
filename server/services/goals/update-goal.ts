import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { goals } from '@/db/schema';
import { AppError } from '@/server/errors';
import { goalRecord } from './goal-record';
import type { GoalResponse, UpdateGoalInput } from './schemas';

export const goalNotFound = () => new AppError('not_found', { detail: 'No such goal.' });

/** A changed goal may be reached again in the current period: its announcement starts over. */
export async function updateGoal(db: Db, userId: number, goalId: number, input: UpdateGoalInput): Promise<GoalResponse> {
  const set: Partial<typeof goals.$inferInsert> = { reachedPeriod: null };
  if (input.period !== undefined) set.period = input.period;
  if (input.metric !== undefined) set.metric = input.metric;
  if (input.type !== undefined) set.activityType = input.type;
  if (input.target !== undefined) set.target = input.target;
  const [row] = await db
    .update(goals)
    .set(set)
    .where(and(eq(goals.id, goalId), eq(goals.userId, userId)))
    .returning();
  if (!row) throw goalNotFound();
  return goalRecord(row);
}
