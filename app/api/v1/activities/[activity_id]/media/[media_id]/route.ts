import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { routes } from '@/server/http/routes';
import { imageResponse } from '@/server/http/wire/file-response';
import { getActivityMediaFile } from '@/server/services/activity-media/get-activity-media-file';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'Get an attached photo', responses: { 200: { description: 'The image bytes', media: 'image/*', headers: ['cache-control'] } } },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    params: z.object({ activity_id: intId, media_id: intId }),
    handler: async ({ db, auth, params }) => {
      const file = await getActivityMediaFile(db, auth.userId, params.activity_id, params.media_id);
      return imageResponse(file.bytes, file.contentType);
    },
  }),
});
