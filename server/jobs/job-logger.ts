import { log } from '@/server/log/logger';
import type { JobLogger } from './job-body';

/** The service's logger, every line tagged with the job, for bodies under either runner. */
export function jobLogger(fields: { job_id: string; job_kind: string; runner: 'embedded' | 'inngest' }): JobLogger {
  const child = log().child(fields);
  return {
    info: (extra, message) => child.info(extra, message),
    warn: (extra, message) => child.warn(extra, message),
    error: (extra, message) => child.error(extra, message),
  };
}
