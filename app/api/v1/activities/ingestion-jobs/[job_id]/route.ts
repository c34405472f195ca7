import { jsonDoc } from '@/server/http/route-doc';
import { jobResponse } from '@/server/job-queue/schemas';
import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { uuidId } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { getJobOrThrow } from '@/server/job-queue/get-job-or-throw';
import { jobRecord } from '@/server/job-queue/job-record';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'Get an ingestion job', responses: { 200: jsonDoc(jobResponse, 'The job record') } },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    params: z.object({ job_id: uuidId }),
    handler: async ({ db, auth, params }) => json(jobRecord(await getJobOrThrow(db, auth.userId, params.job_id))),
  }),
});
