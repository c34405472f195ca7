import { z } from 'zod';
import { jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { getPublicActivity } from '@/server/services/public-activities/get-public-activity';
import { publicActivityResponse } from '@/server/services/public-activities/schemas';

// CONTRACT: Beyond the spec … Maps, privacy zones, sharing: no authentication; 404 unless public
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'A public activity',
      problems: ['not_found'],
      responses: { 200: jsonDoc(publicActivityResponse, 'The record without its private fields') },
    },
    auth: 'public',
    tier: 'DEFAULT',
    params: z.object({ activity_id: intId }),
    handler: async ({ db, params }) => json(await getPublicActivity(db, params.activity_id)),
  }),
});
