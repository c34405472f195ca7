import { z } from 'zod';
import { GOAL_METRICS, GOAL_PERIODS } from '@/db/schema';
import { recordsInput } from '../efforts/schemas';

// CONTRACT: Explorer, goals, gear components, segments: goals and their progress (STYLE rule 4).

export { GOAL_METRICS, GOAL_PERIODS };

/** metres, seconds, metres or activities: 10^9 is past any period's human total */
const MAX_TARGET = 1e9;

export const createGoalInput = z.strictObject({
  period: z.enum(GOAL_PERIODS, { error: `period must be one of: ${GOAL_PERIODS.join(', ')}` }),
  metric: z.enum(GOAL_METRICS, { error: `metric must be one of: ${GOAL_METRICS.join(', ')}` }),
  /** a wire type or a family; null or absent for every sport */
  type: recordsInput.shape.type.nullable().default(null),
  target: z.number({ error: 'target must be a number' }).finite().positive('target must be above 0').max(MAX_TARGET, `target must be at most ${MAX_TARGET}`),
});
export type CreateGoalInput = z.input<typeof createGoalInput>;

export const updateGoalInput = z.strictObject({
  period: createGoalInput.shape.period.optional(),
  metric: createGoalInput.shape.metric.optional(),
  type: recordsInput.shape.type.nullable().optional(),
  target: createGoalInput.shape.target.optional(),
});
export type UpdateGoalInput = z.infer<typeof updateGoalInput>;

export const goalResponse = z.object({
  id: z.number().int(),
  period: z.enum(GOAL_PERIODS),
  metric: z.enum(GOAL_METRICS),
  type: z.string().nullable(),
  target: z.number(),
});
export type GoalResponse = z.infer<typeof goalResponse>;

export const goalProgressResponse = z.object({
  goal_id: z.number().int(),
  /** the first local day of the goal's current period (a Monday for weeks) */
  period_start: z.iso.date(),
  value: z.number(),
  target: z.number(),
  reached: z.boolean(),
});
export type GoalProgress = z.infer<typeof goalProgressResponse>;
