import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { activities } from './activities';
import { users } from './users';

// CONTRACT: Explorer, goals, gear components, segments (issue 53). A segment is its owner's line
// (Google encoded polyline, precision 5) with its box for the bbox prefilter, matched against the
// owner's activities of its sport family (null: every sport) by server/formats/segments. Ranks are
// not stored: counted at read time like best efforts, so a hide, an exclusion or a delete needs no
// rewrite.

export const segments = pgTable(
  'segments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** a sport family of GET /records (run, ride, …), or null for every sport */
    sport: text('sport'),
    polyline: text('polyline').notNull(),
    /** metres along the line */
    distance: doublePrecision('distance').notNull(),
    minLat: doublePrecision('min_lat').notNull(),
    minLon: doublePrecision('min_lon').notNull(),
    maxLat: doublePrecision('max_lat').notNull(),
    maxLon: doublePrecision('max_lon').notNull(),
    /** the activity the segment was cut from, if any */
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    /**
     * The matcher version the whole history was last matched with (0: not yet): below
     * SEGMENT_MATCHER_VERSION, the segment_match job matches every activity again.
     */
    matcherVersion: integer('matcher_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('segments_user_idx').on(t.userId),
    check('segments_box_check', sql`${t.minLat} <= ${t.maxLat} and ${t.minLon} <= ${t.maxLon}`),
    check('segments_distance_check', sql`${t.distance} > 0`),
  ],
);

export type SegmentRow = typeof segments.$inferSelect;

/** One row per pass of an activity over a segment (an activity that rides it twice has two). */
export const segmentEfforts = pgTable(
  'segment_efforts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    segmentId: integer('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    /** the first and last sample of the activity's streams inside the pass */
    startIndex: integer('start_index').notNull(),
    endIndex: integer('end_index').notNull(),
    /** the interpolated entry: the activity's start plus the entry's offset */
    startTime: timestamp('start_time', { withTimezone: true, precision: 3 }).notNull(),
    /** seconds */
    elapsedTime: doublePrecision('elapsed_time').notNull(),
    movingTime: doublePrecision('moving_time').notNull(),
    /** m/s */
    averageSpeed: doublePrecision('average_speed').notNull(),
    averageHr: doublePrecision('average_hr'),
    averagePower: doublePrecision('average_power'),
    matcherVersion: integer('matcher_version').notNull(),
  },
  (t) => [index('segment_efforts_segment_elapsed_idx').on(t.segmentId, t.elapsedTime), index('segment_efforts_activity_idx').on(t.activityId)],
);

export type SegmentEffortRow = typeof segmentEfforts.$inferSelect;
