import { jsonDoc } from '@/server/http/route-doc';
import { streamsResponse } from '@/server/services/activities/schemas';
import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { routes } from '@/server/http/routes';
import { activityStreamsRead } from '@/server/services/activities/reads';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'Get the streams of an activity', responses: { 200: jsonDoc(streamsResponse, 'Only the streams that are set') } },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    params: z.object({ activity_id: intId }),
    read: activityStreamsRead,
    readInput: ({ params }) => ({ id: params.activity_id }),
  }),
});
