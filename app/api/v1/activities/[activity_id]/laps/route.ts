import { jsonDoc } from '@/server/http/route-doc';
import { lapResponse } from '@/server/services/activities/schemas';
import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { routes } from '@/server/http/routes';
import { activityLapsRead } from '@/server/services/activities/reads';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'List the laps of an activity', responses: { 200: jsonDoc(z.array(lapResponse), 'The laps in order') } },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    params: z.object({ activity_id: intId }),
    read: activityLapsRead,
    readInput: ({ params }) => ({ id: params.activity_id }),
  }),
});
