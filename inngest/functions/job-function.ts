import type { JobKind } from '@/db/schema';
import { executeJob } from '@/server/jobs/execute-job';
import { markJobFailed } from '@/server/jobs/finish-job';
import type { JobStep } from '@/server/jobs/job-body';
import { jobLogger } from '@/server/jobs/job-logger';
import { publishJobFinished } from '@/server/jobs/publish-job-finished';
import { db } from '@/server/runtime';
import { inngest, jobEventName, type JobEventData } from '@/server/job-queue/inngest-client';

type Concurrency = [{ limit: number; key?: string }, { limit: number; key?: string }];

// Every job kind's Inngest function is this one shape over the shared body: the job row stays in
// our database, Inngest only memoizes the steps and schedules the sleeps.

/** Inngest's step tools typed as the job-body contract (results come back as JSON under both runners). */
function asJobStep(step: {
  run: (id: string, fn: () => unknown) => Promise<unknown>;
  sleepUntil: (id: string, until: Date | string) => Promise<void>;
}): JobStep {
  return {
    run: <T>(name: string, fn: () => Promise<T> | T) => step.run(name, fn) as Promise<T>,
    sleepUntil: (name, until) => step.sleepUntil(name, until),
  };
}

// Issue 49: a receiver that never answers holds its delivery for the whole attempt, so deliveries
// run as the embedded runner runs them (server/jobs/embedded-runner.ts): two at a time in all, one
// per user, keyed by the owner the job event carries.
const LANES: Partial<Record<JobKind, Concurrency>> = {
  webhook_delivery: [{ limit: 2 }, { limit: 1, key: 'event.data.user_id' }],
};

export function jobFunction(kind: JobKind) {
  return inngest.createFunction(
    {
      id: kind.replaceAll('_', '-'),
      ...(LANES[kind] ? { concurrency: LANES[kind] } : {}),
      triggers: [{ event: jobEventName(kind) }],
      // 3 attempts in all, as the embedded runner makes
      retries: 2,
      onFailure: async ({ event, error }) => {
        const jobId = (event.data.event.data as JobEventData).job_id;
        jobLogger({ job_id: jobId, job_kind: kind, runner: 'inngest' }).error({ err: error }, 'job failed after its last attempt');
        const database = await db();
        if (await markJobFailed(database, jobId, error)) await publishJobFinished(database, jobId);
      },
    },
    async ({ event, step }) => {
      const jobId = (event.data as JobEventData).job_id;
      return executeJob(await db(), jobId, asJobStep(step), jobLogger({ job_id: jobId, job_kind: kind, runner: 'inngest' }));
    },
  );
}
