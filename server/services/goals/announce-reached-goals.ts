import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { goals, notifications } from '@/db/schema';
import { queueWebhookEvent } from '../webhooks/queue-webhook-event';
import { getGoalsProgressWithRows } from './get-goals-progress';

// CONTRACT: Explorer, goals, gear components, segments: a goal reached in its current period is
// announced once (a notification and the webhook event goal.reached). The conditional update is the
// claim: of two subscribers running at once only one moves reached_period to this period.

const METRIC_WORDS = { distance: 'distance', moving_time: 'moving time', elevation_gain: 'elevation gain', count: 'activity count' } as const;

/** Announces each goal of the user that its current period has reached and that was not announced for it. Returns the goal ids announced. */
export async function announceReachedGoals(db: Db, userId: number): Promise<number[]> {
  const announced: number[] = [];
  for (const { goal, progress } of await getGoalsProgressWithRows(db, userId)) {
    if (!progress.reached || goal.reachedPeriod === progress.period_start) continue;
    const claimed = await db
      .update(goals)
      .set({ reachedPeriod: progress.period_start })
      .where(and(eq(goals.id, goal.id), or(isNull(goals.reachedPeriod), ne(goals.reachedPeriod, progress.period_start))))
      .returning({ id: goals.id });
    if (!claimed.length) continue;
    announced.push(goal.id);
    const sport = goal.activityType ? ` (${goal.activityType})` : '';
    await db.insert(notifications).values({
      userId,
      kind: 'goal_reached',
      message: `Goal reached: your ${goal.period}ly ${METRIC_WORDS[goal.metric]} goal${sport} of ${goal.target} for the ${goal.period} from ${progress.period_start}.`,
    });
    await queueWebhookEvent(db, userId, 'goal.reached', {
      goal_id: goal.id,
      period_start: progress.period_start,
      value: progress.value,
      target: progress.target,
    });
  }
  return announced;
}
