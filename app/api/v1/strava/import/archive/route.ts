import { startArchiveImportInput } from '@/server/services/archive-import/schemas';
import { uploadForm } from '@/server/http/wire/received-file';
import { defineRoute } from '@/server/http/define-route';
import { routes } from '@/server/http/routes';
import { archiveImportRequest } from '@/server/http/wire/archive-import-request';
import { jobAccepted, jobAcceptedDoc } from '@/server/http/wire/job-accepted';
import { jobHandle } from '@/server/job-queue/job-record';
import { startArchiveImport, startUploadedArchiveImport } from '@/server/services/archive-import/start-archive-import';

// CONTRACT: Settled 2026-11-23: JWT, scope profile, tier UPLOAD; 202 + job, empty drop folder 404.
// An upload counts toward the drop-folder quota (413) and is deleted when its job ends.
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    doc: {
      summary: 'Import a Strava export archive',
      description:
        'No body (every new export in the drop folder), JSON `{ file }` (one of them), or a multipart zip in field `file` (deleted from the drop folder when its import ends).',
      body: [
        { media: 'application/json', schema: startArchiveImportInput },
        { media: 'multipart/form-data', schema: uploadForm },
      ],
      problems: ['invalid_input', 'not_found', 'payload_too_large', 'unsupported_media_type', 'validation_failed', 'conflict'],
      responses: { 202: jobAcceptedDoc },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'UPLOAD',
    handler: async ({ db, auth, request }) => {
      const body = await archiveImportRequest(request, auth.userId);
      const job = body.kind === 'upload' ? await startUploadedArchiveImport(db, auth.userId, body.file) : await startArchiveImport(db, auth.userId, body.input);
      return jobAccepted(jobHandle(job));
    },
  }),
});
