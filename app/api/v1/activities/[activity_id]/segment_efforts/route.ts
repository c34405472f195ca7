import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { activitySegmentEffortsRead } from '@/server/services/segments/reads';
import { activitySegmentEffortResponse } from '@/server/services/segments/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: "An activity's segment efforts",
      description: 'Its passes over your segments in the order ridden, each with pr_rank 1–3 among the passes started up to it, else null.',
      responses: { 200: jsonDoc(z.array(activitySegmentEffortResponse), 'Segment efforts') },
    },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    params: z.object({ activity_id: intId }),
    read: activitySegmentEffortsRead,
    readInput: ({ params }) => ({ id: params.activity_id }),
  }),
});
