import type { JobRow } from '@/db/schema';
import { jobStatusUrl } from './enqueue-job';
import type { JobHandleResponse, JobResponse } from './schemas';

/**
 * A failed job's `error` as a whole problem document (RFC 9457 members plus `request_id` and
 * `code`). The failure happened in the background, not in a request: `instance` is the job's own
 * status URL, and `request_id` is the job id, which tags every line the job wrote to the server log.
 */
function jobErrorProblem(row: JobRow, statusUrl: string): JobResponse['error'] {
  if (!row.error) return null;
  return { ...row.error, instance: statusUrl, request_id: row.id };
}

/** CONTRACT: Ingestion jobs: the job record, field for field (snake_case wire shape). */
export function jobRecord(row: JobRow, statusUrl = jobStatusUrl(row.id)): JobResponse {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: row.progress,
    activity_ids: row.activityIds,
    errors: row.errors,
    error: jobErrorProblem(row, statusUrl),
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
