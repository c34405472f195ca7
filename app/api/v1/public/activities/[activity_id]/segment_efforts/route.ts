import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { listPublicSegmentEfforts } from '@/server/services/public-activities/list-public-segment-efforts';
import { publicSegmentEffortResponse } from '@/server/services/public-activities/schemas';

// CONTRACT: Explorer, goals, gear components, segments: the owner's privacy zones applied to each line
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: "A public activity's segment efforts",
      description: "Its passes in the order ridden; each segment's line as the pieces outside the owner's privacy zones.",
      problems: ['not_found'],
      responses: { 200: jsonDoc(z.array(publicSegmentEffortResponse), 'Segment efforts') },
    },
    auth: 'public',
    tier: 'DEFAULT',
    params: z.object({ activity_id: intId }),
    handler: async ({ db, params }) => json(await listPublicSegmentEfforts(db, params.activity_id)),
  }),
});
