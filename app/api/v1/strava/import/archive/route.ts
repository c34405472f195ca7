import { defineRoute } from '@/server/http/define-route';
import { routes } from '@/server/http/routes';
import { archiveImportRequest } from '@/server/http/wire/archive-import-request';
import { jobAccepted } from '@/server/http/wire/job-accepted';
import { jobHandle } from '@/server/services/jobs/job-record';
import { startArchiveImport } from '@/server/services/archive-import/start-archive-import';

// CONTRACT: Settled 2026-11-23: JWT, scope profile, tier UPLOAD; 202 + job, empty drop folder 404.
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    auth: 'jwt',
    scope: 'profile',
    tier: 'UPLOAD',
    handler: async ({ db, auth, request }) => jobAccepted(jobHandle(await startArchiveImport(db, auth.userId, await archiveImportRequest(request, auth.userId)))),
  }),
});
