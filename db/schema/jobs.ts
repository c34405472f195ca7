import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// CONTRACT: Ingestion jobs (and the account export): one row per job whatever runs it (the
// embedded runner or Inngest), so polling answers the same in both modes.
export const JOB_KINDS = [
  'provider_sync',
  'archive_import',
  'account_export',
  'efforts_backfill',
  'webhook_delivery',
  'strava_push',
  'inbox_import',
  'route_backfill',
  'load_recompute',
  'user_files_delete',
  'explorer_backfill',
  'figures_backfill',
  'segment_match',
] as const;
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface JobProgress {
  total: number;
  done: number;
  created: number;
  skipped: number;
  failed: number;
  /** provider sync: ISO time the job waits for the provider's quota, else absent or null */
  waiting_for_quota_until?: string | null;
}

export interface JobItemError {
  item: string;
  code: string;
  detail: string;
}

/** The problem document of a failed job (status 424, 429, 404 or 500). */
export interface JobProblem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code?: string;
}

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: JOB_KINDS }).notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    payload: jsonb('payload').notNull(),
    progress: jsonb('progress').$type<JobProgress>().notNull(),
    activityIds: jsonb('activity_ids').$type<number[]>().notNull().default([]),
    errors: jsonb('errors').$type<JobItemError[]>().notNull().default([]),
    error: jsonb('error').$type<JobProblem | null>(),
    result: jsonb('result'),
    // embedded runner: when the job is due, who holds it and until when (a lease renewed while it
    // works, so a job whose instance died is taken over by another once the lease runs out)
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_user_created_idx').on(t.userId, t.createdAt),
    index('jobs_due_idx').on(t.status, t.runAfter),
    check(
      'jobs_kind_check',
      sql`${t.kind} in ('provider_sync', 'archive_import', 'account_export', 'efforts_backfill', 'webhook_delivery', 'strava_push', 'inbox_import', 'route_backfill', 'load_recompute', 'user_files_delete', 'explorer_backfill', 'figures_backfill', 'segment_match')`,
    ),
    check('jobs_status_check', sql`${t.status} in ('queued', 'running', 'succeeded', 'failed')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;

/** The embedded runner's memo of finished steps (Inngest keeps its own). */
export const jobSteps = pgTable(
  'job_steps',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // a finished step's JSON result ({ "value": … } so that undefined and null survive), or for a
    // sleep the time it ends
    result: jsonb('result'),
    sleepUntil: timestamp('sleep_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.name] })],
);
