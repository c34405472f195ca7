import { internalRoute } from '@/server/http/internal-route';
import { json } from '@/server/http/respond';
import { cliImportJob } from '@/server/services/archive-import/cli-import';
import { jobRecord } from '@/server/job-queue/job-record';

// The import CLI polls its hand-off's progress here (the public status needs a user's token).
export const GET = internalRoute(async ({ db, params }) => json(jobRecord(await cliImportJob(db, String(params.job_id)))));
