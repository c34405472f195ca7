import { Inngest } from 'inngest';
import type { JobKind } from '@/db/schema';

// The Inngest client, beside its one sender: the queue hands a job to Inngest as an event
// (dispatch-job.ts); the functions that listen (inngest/functions) and the serve route
// (app/api/inngest) take it from here. It reads INNGEST_EVENT_KEY, INNGEST_SIGNING_KEY, INNGEST_BASE_URL and
// INNGEST_DEV from the environment itself (the same variables server/env.ts checks to choose
// this runner), so importing it never needs the service's configuration.
export const inngest = new Inngest({ id: 'stride' });

/** One event per job kind; each kind's function listens to its own. */
export function jobEventName(kind: JobKind): `stride/job.${JobKind}` {
  return `stride/job.${kind}`;
}

export interface JobEventData {
  job_id: string;
  /** the job's owner: the key of the per-user concurrency lanes (webhook deliveries) */
  user_id: number;
}
