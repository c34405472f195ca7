import { z } from 'zod';
import { jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { streamsResponse } from '@/server/services/activities/schemas';
import { getPublicActivityStreams } from '@/server/services/public-activities/get-public-activity-streams';

// CONTRACT: Beyond the spec … Maps, privacy zones, sharing: the owner's privacy zones applied
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: "A public activity's streams",
      problems: ['not_found'],
      responses: { 200: jsonDoc(streamsResponse, 'Points inside privacy zones removed') },
    },
    auth: 'public',
    tier: 'DEFAULT',
    params: z.object({ activity_id: intId }),
    handler: async ({ db, params }) => json(await getPublicActivityStreams(db, params.activity_id)),
  }),
});
