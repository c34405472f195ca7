import { jsonDoc } from '@/server/http/route-doc';
import { accountExportResponse } from '@/server/services/account-export/schemas';
import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { uuidId } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { now } from '@/server/clock';
import { accountExportRecord } from '@/server/services/account-export/account-export-record';
import { getAccountExportOrThrow } from '@/server/services/account-export/get-account-export-or-throw';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'Get an account export job', responses: { 200: jsonDoc(accountExportResponse, 'The job, with download_url when ready') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    params: z.object({ job_id: uuidId }),
    handler: async ({ db, auth, params }) => json(accountExportRecord(await getAccountExportOrThrow(db, auth.userId, params.job_id), now())),
  }),
});
