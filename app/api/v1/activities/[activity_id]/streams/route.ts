import { jsonDoc } from '@/server/http/route-doc';
import { streamsResponse } from '@/server/services/activities/schemas';
import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { getActivityStreams } from '@/server/services/activities/get-activity-streams';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'Get the streams of an activity', responses: { 200: jsonDoc(streamsResponse, 'Only the streams that are set') } },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    params: z.object({ activity_id: intId }),
    handler: async ({ db, auth, params }) => json(await getActivityStreams(db, auth.userId, params.activity_id)),
  }),
});
