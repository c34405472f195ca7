import { date, doublePrecision, index, integer, jsonb, pgTable, unique } from 'drizzle-orm/pg-core';
import { activities } from './activities';
import { users } from './users';

// CONTRACT: Beyond the spec … Training load.

/** A user's dated thresholds: the entry with the latest `effective_from` on or before a day applies. */
export const trainingThresholds = pgTable(
  'training_thresholds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from').notNull(),
    maxHr: doublePrecision('max_hr'),
    restingHr: doublePrecision('resting_hr'),
    lthr: doublePrecision('lthr'),
    ftp: doublePrecision('ftp'),
    /** seconds per km */
    thresholdPace: doublePrecision('threshold_pace'),
  },
  (t) => [unique('training_thresholds_user_day_key').on(t.userId, t.effectiveFrom)],
);

/**
 * What the ingesting worker measured from an activity's streams whatever the thresholds; the
 * load these give (trimp, training_load, load_method, intensity_factor) is in the activity's
 * record (server/activity-fields.ts). A threshold change recomputes it without reading streams.
 */
export const activityLoads = pgTable(
  'activity_loads',
  {
    activityId: integer('activity_id')
      .primaryKey()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** NP on the 1 s power grid; null without 30 s of power */
    normalizedPower: doublePrecision('normalized_power'),
    /** seconds of the 1 s power grid (0 without power) */
    powerSeconds: integer('power_seconds').notNull(),
    /** seconds of the 1 s heart-rate grid at each recorded value, [[bpm, seconds], …]; null without heart rate */
    hrSeconds: jsonb('hr_seconds').$type<[number, number][] | null>(),
    /** LOAD_ALGORITHM_VERSION these were measured by; rows of before versions existed are 1 */
    algorithmVersion: integer('algorithm_version').notNull().default(1),
  },
  (t) => [index('activity_loads_user_idx').on(t.userId)],
);

export type TrainingThresholdRow = typeof trainingThresholds.$inferSelect;
