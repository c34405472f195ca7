import { json } from '../respond';

/** CONTRACT: a started job answers 202 `{ job_id, status_url }` with `Location` at the status. */
export function jobAccepted(handle: { job_id: string; status_url: string }): Response {
  return json(handle, { status: 202, headers: { location: handle.status_url } });
}
