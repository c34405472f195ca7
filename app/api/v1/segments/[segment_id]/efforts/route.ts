import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { segmentEffortsRead } from '@/server/services/segments/reads';
import { segmentEffortResponse, segmentEffortsInput } from '@/server/services/segments/schemas';

// CONTRACT: Explorer, goals, gear components, segments: GET /segments/{id}/efforts
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: "A segment's efforts, fastest first",
      description:
        "Every pass of your visible activities, with pr_rank 1–3 among the passes started up to it (ties: the earlier start ranks higher; activities excluded from records have none), within `year` (the profile's time zone) when given.",
      responses: { 200: jsonDoc(z.array(segmentEffortResponse), 'Efforts, fastest first') },
    },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    params: z.object({ segment_id: intId }),
    query: segmentEffortsInput,
    read: segmentEffortsRead,
    readInput: ({ params, query }) => ({ id: params.segment_id, year: query.year }),
  }),
});
