import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { activities } from './activities';
import { users } from './users';

export const SUGGESTION_STATUSES = ['open', 'accepted', 'dismissed'] as const;

/**
 * Suggested thresholds (issue 52): what an activity's efforts suggest
 * (estimated FTP or critical-speed pace ≥ 3 % beyond the threshold in effect, or a heart rate above
 * the recorded max), offered until the owner accepts (a dated threshold entry) or dismisses it.
 */
export const thresholdSuggestions = pgTable(
  'threshold_suggestions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    /** the activity's day in the user's timezone: the entry's effective_from when accepted */
    effectiveFrom: date('effective_from').notNull(),
    ftp: doublePrecision('ftp'),
    /** seconds per km */
    thresholdPace: doublePrecision('threshold_pace'),
    maxHr: doublePrecision('max_hr'),
    status: text('status', { enum: SUGGESTION_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('threshold_suggestions_user_idx').on(t.userId, t.status),
    check('threshold_suggestions_status_check', sql`${t.status} in ('open', 'accepted', 'dismissed')`),
  ],
);

export type ThresholdSuggestionRow = typeof thresholdSuggestions.$inferSelect;
