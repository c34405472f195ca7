import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { routes } from '@/server/http/routes';
import { fileResponse } from '@/server/http/wire/file-response';
import { exportActivity } from '@/server/services/activities/export-activity';
import { exportFormatInput } from '@/server/services/activities/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Export an activity',
      description: 'GPX built from the streams, or the original uploaded file.',
      problems: ['unsupported_format'],
      responses: {
        200: {
          description: 'GPX (application/gpx+xml) or the original file',
          media: 'application/octet-stream',
          headers: ['content-disposition', 'cache-control'],
        },
      },
    },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    params: z.object({ activity_id: intId }),
    query: exportFormatInput,
    handler: async ({ db, auth, params, query }) => {
      const file = await exportActivity(db, auth.userId, params.activity_id, query.format);
      return fileResponse(file.bytes, file.contentType, file.filename);
    },
  }),
});
