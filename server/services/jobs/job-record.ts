import type { JobRow } from '@/db/schema';
import { jobStatusUrl } from '@/server/jobs/enqueue-job';
import type { JobHandleResponse, JobResponse } from './schemas';

/** CONTRACT: Ingestion jobs: the job record, field for field (snake_case wire shape). */
export function jobRecord(row: JobRow): JobResponse {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: row.progress,
    activity_ids: row.activityIds,
    errors: row.errors,
    error: row.error ?? null,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export type JobRecord = JobResponse;

/** The 202 answer of every request that starts a job: `{ job_id, status_url }` (+ Location). */
export function jobHandle(row: JobRow): JobHandleResponse {
  return { job_id: row.id, status_url: jobStatusUrl(row.id) };
}
