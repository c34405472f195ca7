import type { JobProblem } from '@/db/schema';
import { errorKinds, isAppError } from '@/server/errors';

/** CONTRACT: Ingestion jobs: a failed job's `error` is a problem document. */
export function jobProblemOf(error: unknown): JobProblem {
  if (isAppError(error)) {
    const kind = errorKinds[error.kind];
    return { type: kind.type, title: kind.title, status: kind.status, detail: error.detail, ...(error.code ? { code: error.code } : {}) };
  }
  const internal = errorKinds.internal;
  // No internal diagnostics in a problem's detail (spec: "safe to display").
  return { type: internal.type, title: internal.title, status: internal.status, detail: 'The job failed unexpectedly; it was logged.' };
}
