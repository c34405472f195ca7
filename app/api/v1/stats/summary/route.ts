import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { getStatsSummary } from '@/server/services/stats/get-stats-summary';
import { summaryResponse } from '@/server/services/stats/schemas';

// CONTRACT: Beyond the spec … Statistics and calendar
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Get this week, month, year and all-time totals, and the weekly streak',
      responses: { 200: jsonDoc(summaryResponse, 'Summary') },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    handler: async ({ db, auth }) => json(await getStatsSummary(db, auth.userId)),
  }),
});
