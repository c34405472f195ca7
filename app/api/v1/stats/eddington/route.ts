import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { getEddington } from '@/server/services/stats/get-eddington';
import { eddingtonInput, eddingtonResponse } from '@/server/services/stats/schemas';

// CONTRACT: Explorer, goals, gear components, segments
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Get the Eddington number',
      description: "The largest E such that E days of the profile's timezone each reached E km (or mi), a day's distance summing its activities.",
      responses: { 200: jsonDoc(eddingtonResponse, 'E, the days still needed for E + 1, and E at the end of each year') },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    query: eddingtonInput,
    handler: async ({ db, auth, query }) => json(await getEddington(db, auth.userId, query)),
  }),
});
