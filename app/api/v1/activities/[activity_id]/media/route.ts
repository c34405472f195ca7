import { jsonDoc } from '@/server/http/route-doc';
import { mediaResponse } from '@/server/services/activity-media/schemas';
import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { listActivityMedia } from '@/server/services/activity-media/list-activity-media';

// Photos attached by the bulk export import; each `url` serves the image bytes.
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'List the photos of an activity', responses: { 200: jsonDoc(z.array(mediaResponse), 'The attached photos') } },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    params: z.object({ activity_id: intId }),
    handler: async ({ db, auth, params }) => json(await listActivityMedia(db, auth.userId, params.activity_id)),
  }),
});
