import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { activities } from './activities';
import { users } from './users';

// CONTRACT: Notifications: { id, kind, activity_id, message, read, created_at }.
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);

export type NotificationRow = typeof notifications.$inferSelect;
