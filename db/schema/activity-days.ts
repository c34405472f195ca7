import { date, doublePrecision, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './users';

// CONTRACT: Beyond the spec … Statistics and calendar. The visible activities' figures summed per
// user, local day (of the profile's timezone) and type, which the statistics read instead of the
// activities. Kept by database triggers (migration 'activity_days'): every writer of activities and a
// timezone change keep it right, and a changed day is summed again from its activities, never
// adjusted by differences, so it always equals a fresh aggregation.

export const activityDays = pgTable(
  'activity_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    activityType: text('activity_type').notNull(),
    count: integer('count').notNull(),
    distance: doublePrecision('distance').notNull(),
    movingTime: doublePrecision('moving_time').notNull(),
    elapsedTime: doublePrecision('elapsed_time').notNull(),
    elevationGain: doublePrecision('elevation_gain').notNull(),
    calories: doublePrecision('calories').notNull(),
    /** CONTRACT: … Training load: the day's load is the summed `training_load` of its activities */
    trainingLoad: doublePrecision('training_load').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.activityType] })],
);
