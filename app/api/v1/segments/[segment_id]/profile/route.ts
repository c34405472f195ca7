import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { segmentProfileRead } from '@/server/services/segments/reads';
import { segmentProfileResponse } from '@/server/services/segments/schemas';

// CONTRACT: Explorer, goals, gear components, segments: the segment page's elevation profile
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: "A segment's elevation profile",
      description:
        'Altitude over distance along one matched pass: the pass of the activity the segment was cut from, else the fastest pass with altitude. Empty arrays and nulls while no pass with altitude is matched.',
      responses: { 200: jsonDoc(segmentProfileResponse, 'The profile') },
    },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    params: z.object({ segment_id: intId }),
    read: segmentProfileRead,
    readInput: ({ params }) => ({ id: params.segment_id }),
  }),
});
