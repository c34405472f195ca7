import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { activities } from './activities';
import { users } from './users';

// Photos attached to an activity (the bulk export's Media column). The bytes live under
// DATA_DIR/media/<user_id>/ (path relative to DATA_DIR); only images that passed the byte check
// (server/formats/archive/image-check.ts) are ever recorded.
export const activityMedia = pgTable(
  'activity_media',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the name in the export (`media/<name>`), shown to the user */
    filename: text('filename').notNull(),
    path: text('path').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_media_activity_idx').on(t.activityId)],
);

export type ActivityMediaRow = typeof activityMedia.$inferSelect;
