import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { routes } from '@/server/http/routes';
import { fileResponse } from '@/server/http/wire/file-response';
import { getActivityThumbnail } from '@/server/services/activities/get-activity-thumbnail';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Get the route thumbnail of an activity',
      responses: { 200: { description: 'An SVG of the route', media: 'image/svg+xml', headers: ['cache-control'] } },
    },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    params: z.object({ activity_id: intId }),
    handler: async ({ db, auth, params }) => fileResponse(await getActivityThumbnail(db, auth.userId, params.activity_id), 'image/svg+xml'),
  }),
});
