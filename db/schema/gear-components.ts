import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { gears } from './gear';
import { users } from './users';

// CONTRACT: Explorer, goals, gear components, segments: a part of a gear item (a chain, tyres, the
// shoes' soles) with an expected life; its use counts the gear's activities from installed_at to retired_at.
export const gearComponents = pgTable(
  'gear_components',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    gearId: integer('gear_id')
      .notNull()
      .references(() => gears.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    installedAt: timestamp('installed_at', { withTimezone: true }).notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** metres */
    expectedDistance: doublePrecision('expected_distance'),
    /** seconds of moving time */
    expectedTime: doublePrecision('expected_time'),
    /** when the service-due notice went out (set by one conditional update: once per component) */
    dueNotifiedAt: timestamp('due_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('gear_components_gear_idx').on(t.gearId),
    index('gear_components_user_idx').on(t.userId),
    check(
      'gear_components_expected_check',
      sql`(${t.expectedDistance} is null or ${t.expectedDistance} > 0) and (${t.expectedTime} is null or ${t.expectedTime} > 0)`,
    ),
  ],
);

export type GearComponentRow = typeof gearComponents.$inferSelect;
