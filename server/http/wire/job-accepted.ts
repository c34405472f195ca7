import { jobStatusUrl } from '@/server/jobs/enqueue-job';
import { json } from '../respond';

/** CONTRACT: a started job answers 202 `{ job_id, status_url }` with `Location` at the status. */
export function jobAccepted(job: { id: string }): Response {
  const statusUrl = jobStatusUrl(job.id);
  return json({ job_id: job.id, status_url: statusUrl }, { status: 202, headers: { location: statusUrl } });
}
