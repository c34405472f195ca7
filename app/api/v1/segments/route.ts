import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { createSegment } from '@/server/services/segments/create-segment';
import { segmentsRead } from '@/server/services/segments/reads';
import { createSegmentInput, segmentResponse } from '@/server/services/segments/schemas';

// CONTRACT: Explorer, goals, gear components, segments (issue 53): the caller's own segments
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'List your segments',
      description: 'Optionally those whose box meets bbox (minLon,minLat,maxLon,maxLat), or of one sport family.',
      problems: ['invalid_input'],
      responses: { 200: jsonDoc(z.array(segmentResponse), 'Segments, oldest first') },
    },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    read: segmentsRead,
  }),
  POST: defineRoute({
    doc: {
      summary: 'Create a segment',
      description:
        'From a stretch of one of your activities ({ activity_id, start_index, end_index }: sample indices of its streams) or a drawn line ({ name, polyline }: Google encoded polyline, precision 5). Your history is matched against it by a job.',
      responses: { 201: jsonDoc(segmentResponse, 'The new segment') },
    },
    auth: 'jwt',
    scope: 'activities:write',
    tier: 'WRITE',
    json: createSegmentInput,
    handler: async ({ db, auth, body }) => json(await createSegment(db, auth.userId, body), { status: 201 }),
  }),
});
