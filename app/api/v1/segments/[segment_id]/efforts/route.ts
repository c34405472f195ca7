import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { listSegmentEfforts } from '@/server/services/segments/list-segment-efforts';
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
    handler: async ({ db, auth, params, query }) => json(await listSegmentEfforts(db, auth.userId, params.segment_id, query)),
  }),
});
