import { z } from 'zod';
import { JOB_KINDS, JOB_STATUSES } from '@/db/schema';

export const listJobsInput = z.object({
  kind: z.enum(JOB_KINDS).optional(),
  limit: z.number().int().min(1).max(100).optional(),
});

const at = z.iso.datetime();

/** CONTRACT: Ingestion jobs: the job record. */
export const jobResponse = z.object({
  id: z.uuid(),
  kind: z.enum(JOB_KINDS),
  status: z.enum(JOB_STATUSES),
  progress: z.object({
    total: z.number().int(),
    done: z.number().int(),
    created: z.number().int(),
    skipped: z.number().int(),
    failed: z.number().int(),
    waiting_for_quota_until: at.nullable().optional(),
  }),
  activity_ids: z.array(z.number().int()),
  errors: z.array(z.object({ item: z.string(), code: z.string(), detail: z.string() })),
  // a whole problem document (spec: Errors), as a request's failure would be
  error: z
    .object({
      type: z.string(),
      title: z.string(),
      status: z.number().int(),
      detail: z.string(),
      instance: z.string(),
      request_id: z.string(),
      code: z.string().optional(),
    })
    .nullable(),
  created_at: at,
  started_at: at.nullable(),
  finished_at: at.nullable(),
});
export type JobResponse = z.infer<typeof jobResponse>;

/** CONTRACT: the 202 answer of every request that starts a job (with Location at status_url). */
export const jobHandleResponse = z.object({ job_id: z.uuid(), status_url: z.string() });
export type JobHandleResponse = z.infer<typeof jobHandleResponse>;
