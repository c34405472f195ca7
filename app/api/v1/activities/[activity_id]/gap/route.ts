import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { activityGapRead } from '@/server/services/performance/reads';
import { activityGapResponse } from '@/server/services/performance/schemas';

// Grade-adjusted pace (issue 52)
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Get the grade-adjusted pace of an activity',
      description: 'Average, per lap and per kilometre split (Minetti 2002). Empty for activities outside the run family or without altitude.',
      responses: { 200: jsonDoc(activityGapResponse, 'Grade-adjusted pace in s/km') },
    },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    params: z.object({ activity_id: intId }),
    read: activityGapRead,
    readInput: ({ params }) => ({ id: params.activity_id }),
  }),
});
