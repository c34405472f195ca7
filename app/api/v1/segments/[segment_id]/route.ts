import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { json, noContent } from '@/server/http/respond';
import { emptyDoc, jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { deleteSegment } from '@/server/services/segments/delete-segment';
import { segmentRead } from '@/server/services/segments/reads';
import { segmentResponse, updateSegmentInput } from '@/server/services/segments/schemas';
import { updateSegment } from '@/server/services/segments/update-segment';

const params = z.object({ segment_id: intId });

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'Get a segment', responses: { 200: jsonDoc(segmentResponse, 'The segment') } },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    params,
    read: segmentRead,
    readInput: ({ params }) => ({ id: params.segment_id }),
  }),
  PATCH: defineRoute({
    doc: {
      summary: 'Update a segment',
      description: 'A new polyline or sport drops its efforts and has your history matched again by a job.',
      responses: { 200: jsonDoc(segmentResponse, 'The updated segment') },
    },
    auth: 'jwt',
    scope: 'activities:write',
    tier: 'WRITE',
    params,
    json: updateSegmentInput,
    handler: async ({ db, auth, params, body }) => json(await updateSegment(db, auth.userId, params.segment_id, body)),
  }),
  DELETE: defineRoute({
    doc: { summary: 'Delete a segment', responses: { 204: emptyDoc('Deleted, with its efforts') } },
    auth: 'jwt',
    scope: 'activities:write',
    tier: 'WRITE',
    params,
    handler: async ({ db, auth, params }) => {
      await deleteSegment(db, auth.userId, params.segment_id);
      return noContent();
    },
  }),
});
