import { defineRoute } from '@/server/http/define-route';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { eddingtonRead } from '@/server/services/stats/reads';
import { eddingtonResponse } from '@/server/services/stats/schemas';

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
    read: eddingtonRead,
  }),
});
