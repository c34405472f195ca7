import { count, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { goals } from '@/db/schema';
import { AppError } from '@/server/errors';
import { goalRecord } from './goal-record';
import { createGoalInput, type CreateGoalInput, type GoalResponse } from './schemas';

/** more goals than a dashboard card can show is a mistake or a script gone wrong */
export const MAX_GOALS = 50;

export async function createGoal(db: Db, userId: number, input: CreateGoalInput): Promise<GoalResponse> {
  const goal = createGoalInput.parse(input);
  const [held] = await db.select({ n: count() }).from(goals).where(eq(goals.userId, userId));
  if ((held?.n ?? 0) >= MAX_GOALS) throw new AppError('conflict', { detail: `An account holds at most ${MAX_GOALS} goals.` });
  const [row] = await db.insert(goals).values({ userId, period: goal.period, metric: goal.metric, activityType: goal.type, target: goal.target }).returning();
  return goalRecord(row!);
}
