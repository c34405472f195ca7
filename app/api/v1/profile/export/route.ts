import { defineRoute } from '@/server/http/define-route';
import { jobAccepted, jobAcceptedDoc } from '@/server/http/wire/job-accepted';
import { routes } from '@/server/http/routes';
import { accountExportHandle } from '@/server/services/account-export/account-export-record';
import { startAccountExportInput } from '@/server/services/account-export/schemas';
import { startAccountExport } from '@/server/services/account-export/start-account-export';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    doc: { summary: 'Start an account export', description: 'Needs the step-up proof.', problems: ['conflict'], responses: { 202: jobAcceptedDoc } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'SENSITIVE',
    json: startAccountExportInput,
    handler: async ({ db, auth, body }) => {
      return jobAccepted(accountExportHandle(await startAccountExport(db, auth.userId, body)));
    },
  }),
});
