import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { getStats } from '@/server/services/stats/get-stats';
import { statsInput, statsResponse } from '@/server/services/stats/schemas';

// CONTRACT: Beyond the spec … Statistics and calendar
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Get totals per week, month or year',
      description: "One bucket per period of the profile's timezone (Monday weeks) in the range, empty ones included, oldest first.",
      responses: { 200: jsonDoc(statsResponse, 'Buckets') },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    query: statsInput,
    handler: async ({ db, auth, query }) => json(await getStats(db, auth.userId, query)),
  }),
});
