import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

// CONTRACT: Explorer, goals, gear components, segments: a goal is a target for one metric summed
// over a week (from Monday), month or year of the profile's timezone, for all sports or one type or family.
export const GOAL_PERIODS = ['week', 'month', 'year'] as const;
export type GoalPeriod = (typeof GOAL_PERIODS)[number];
export const GOAL_METRICS = ['distance', 'moving_time', 'elevation_gain', 'count'] as const;
export type GoalMetric = (typeof GOAL_METRICS)[number];

export const goals = pgTable(
  'goals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period').$type<GoalPeriod>().notNull(),
    metric: text('metric').$type<GoalMetric>().notNull(),
    /** a wire type or a family (run, ride, …); null for every sport */
    activityType: text('activity_type'),
    target: doublePrecision('target').notNull(),
    /**
     * the start of the last period whose reaching was announced (notification and `goal.reached`):
     * set by one conditional update, so the notice goes out once per period whatever runs at once
     */
    reachedPeriod: date('reached_period', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('goals_user_idx').on(t.userId),
    check('goals_period_check', sql`${t.period} in ('week', 'month', 'year')`),
    check('goals_metric_check', sql`${t.metric} in ('distance', 'moving_time', 'elevation_gain', 'count')`),
    check('goals_target_check', sql`${t.target} > 0`),
  ],
);

export type GoalRow = typeof goals.$inferSelect;
