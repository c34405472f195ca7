import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { uuidId } from '@/server/http/params';
import { routes } from '@/server/http/routes';
import { streamFileResponse } from '@/server/http/wire/file-response';
import { now } from '@/server/clock';
import { openAccountExport } from '@/server/services/account-export/open-account-export';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Download an account export',
      problems: ['conflict'],
      responses: { 200: { description: 'The export archive', media: 'application/zip', headers: ['content-disposition', 'cache-control'] } },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    params: z.object({ job_id: uuidId }),
    handler: async ({ db, auth, params }) => {
      const file = await openAccountExport(db, auth.userId, params.job_id, now());
      return streamFileResponse(file.stream, file.size, 'application/zip', file.filename);
    },
  }),
});
