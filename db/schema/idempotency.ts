import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

// CONTRACT: Activities: an Idempotency-Key replays the first response for the same user and
// bytes; the same key with other bytes is 409. Written in the transaction that stores the upload.
// `response` holds the activity records the upload answered with (always a 201, so no status).
export const uploadIdempotency = pgTable(
  'upload_idempotency',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    sha256: text('sha256').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
