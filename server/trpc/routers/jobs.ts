import { z } from 'zod';
import { getJobOrThrow } from '@/server/job-queue/get-job-or-throw';
import { jobRecord } from '@/server/job-queue/job-record';
import { listJobs } from '@/server/job-queue/list-jobs';
import { listJobsInput } from '@/server/job-queue/schemas';
import { authedProcedure, router } from '../init';

// The web UI's twin of GET /activities/ingestion-jobs/{job_id}, plus the recent jobs.
export const jobsRouter = router({
  get: authedProcedure('DEFAULT')
    .input(z.object({ id: z.string().max(64) }))
    .query(async ({ ctx, input }) => jobRecord(await getJobOrThrow(ctx.db, ctx.user.userId, input.id))),
  list: authedProcedure('DEFAULT')
    .input(listJobsInput)
    .query(async ({ ctx, input }) => (await listJobs(ctx.db, ctx.user.userId, input)).map((row) => jobRecord(row))),
});
