import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { activities } from './activities';
import { users } from './users';

// CONTRACT: Beyond the spec … Best efforts and records. An activity's best efforts and power curve,
// kept beside the activity record (not in it): one row per activity per distance or duration. Ranks
// are not stored: they are counted at read time, so a delete, a hide or a re-type needs no rewrite.

// hr: the heart-rate curve; gap: best efforts over the grade-adjusted (equivalent flat) distance (issue 52)
export const EFFORT_KINDS = ['distance', 'power', 'hr', 'gap'] as const;
export type EffortKind = (typeof EFFORT_KINDS)[number];

export const activityEfforts = pgTable(
  'activity_efforts',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    // the activity's owner, so a user's efforts of one distance are one index range
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: EFFORT_KINDS }).notNull(),
    /** metres (distance, gap) or seconds (power, hr) */
    measure: doublePrecision('measure').notNull(),
    /** whole seconds (distance, gap), whole watts (power) or whole bpm (hr) */
    value: integer('value').notNull(),
    /** whole seconds from the activity's start to the effort's start; null for power and hr */
    startOffset: integer('start_offset'),
    /**
     * the activity's start, copied by the database (migration effort_best_order's triggers: set on insert,
     * followed when the activity's start changes; never written by the application), so the
     * best-first indexes below order ties by the earlier start without reading the activities
     */
    activityStart: timestamp('activity_start', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.kind, t.measure] }),
    index('activity_efforts_user_measure_idx').on(t.userId, t.kind, t.measure, t.value),
    // a measure's efforts best first, ties by the earlier start (bests-sql.ts): least time, most watts or bpm
    index('activity_efforts_least_first_idx')
      .on(t.userId, t.kind, t.measure, t.value, t.activityStart, t.activityId)
      .where(sql`${t.kind} in ('distance', 'gap')`),
    index('activity_efforts_most_first_idx')
      .on(t.userId, t.kind, t.measure, t.value.desc(), t.activityStart, t.activityId)
      .where(sql`${t.kind} in ('power', 'hr')`),
    check('activity_efforts_kind_check', sql`${t.kind} in ('distance', 'power', 'hr', 'gap')`),
  ],
);

/** Which algorithm computed an activity's efforts (a row even when it has none); older → backfill. */
export const activityEffortVersions = pgTable('activity_effort_versions', {
  activityId: integer('activity_id')
    .primaryKey()
    .references(() => activities.id, { onDelete: 'cascade' }),
  algorithmVersion: integer('algorithm_version').notNull(),
});
