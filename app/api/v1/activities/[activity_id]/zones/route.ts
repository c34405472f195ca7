import { jsonDoc } from '@/server/http/route-doc';
import { zonesResponse } from '@/server/services/activities/schemas';
import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { routes } from '@/server/http/routes';
import { activityZonesRead } from '@/server/services/activities/reads';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Get the heart-rate zones of an activity',
      responses: { 200: jsonDoc(zonesResponse, 'Time in each zone, or null zones without heart rate') },
    },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    params: z.object({ activity_id: intId }),
    read: activityZonesRead,
    readInput: ({ params }) => ({ id: params.activity_id }),
  }),
});
