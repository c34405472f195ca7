import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { jobs } from './jobs';
import { users } from './users';

// CONTRACT: Beyond the spec … Integrations.

export const WEBHOOK_EVENTS = [
  'activity.created',
  'activity.updated',
  'activity.deleted',
  'job.finished',
  'goal.reached',
  'gear.service_due',
  'threshold.suggested',
  'segment_effort.pr',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A user's outgoing webhook. The secret is sealed at rest ('webhook-secret-box'): HMAC needs it back. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<WebhookEvent[]>().notNull(),
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_user_idx').on(t.userId)],
);
export type WebhookRow = typeof webhooks.$inferSelect;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One delivery (its id is the body's `id` and X-Stride-Delivery on every attempt) and its latest attempt. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').$type<WebhookEvent | 'ping'>().notNull(),
    /** the JSON body sent on every attempt, byte for byte */
    body: text('body').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  },
  (t) => [index('webhook_deliveries_webhook_created_idx').on(t.webhookId, t.createdAt)],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export const INBOX_FILE_STATUSES = ['claimed', 'done', 'failed'] as const;
export type InboxFileStatus = (typeof INBOX_FILE_STATUSES)[number];

/**
 * A file seen in a user's watched inbox: the unique (user, name, size, mtime) row is the claim, so
 * one instance of many ingests it, once, whatever restarts in between.
 */
export const inboxFiles = pgTable(
  'inbox_files',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mtimeMs: bigint('mtime_ms', { mode: 'number' }).notNull(),
    status: text('status').$type<InboxFileStatus>().notNull().default('claimed'),
    detail: text('detail'),
    activityIds: jsonb('activity_ids').$type<number[]>().notNull().default([]),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('inbox_files_claim_idx').on(t.userId, t.name, t.size, t.mtimeMs), index('inbox_files_user_created_idx').on(t.userId, t.createdAt)],
);
export type InboxFileRow = typeof inboxFiles.$inferSelect;
