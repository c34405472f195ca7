import { jobHandleResponse, type JobHandleResponse } from '@/server/job-queue/schemas';
import { json } from '../respond';
import type { ResponseDoc } from '../route-doc';

/** CONTRACT: a started job answers 202 `{ job_id, status_url }` with `Location` at the status. */
export function jobAccepted(handle: JobHandleResponse): Response {
  return json(handle, { status: 202, headers: { location: handle.status_url } });
}

export const jobAcceptedDoc: ResponseDoc = {
  description: 'The job started; poll status_url (also in Location)',
  schema: jobHandleResponse,
  headers: ['location'],
};
