import { jsonDoc } from '@/server/http/route-doc';
import { lapResponse } from '@/server/services/activities/schemas';
import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { listActivityLaps } from '@/server/services/activities/list-activity-laps';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'List the laps of an activity', responses: { 200: jsonDoc(z.array(lapResponse), 'The laps in order') } },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    params: z.object({ activity_id: intId }),
    handler: async ({ db, auth, params }) => json(await listActivityLaps(db, auth.userId, params.activity_id)),
  }),
});
