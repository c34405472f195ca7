import type { JobRow } from '@/db/schema';
import { jobHandle } from '@/server/services/jobs/job-record';
import { json } from '../respond';

/** CONTRACT: a started job answers 202 `{ job_id, status_url }` with `Location` at the status. */
export function jobAccepted(job: JobRow): Response {
  const handle = jobHandle(job);
  return json(handle, { status: 202, headers: { location: handle.status_url } });
}
