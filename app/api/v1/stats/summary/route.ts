import { defineRoute } from '@/server/http/define-route';
import { jsonKept } from '@/server/http/respond';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { getStatsSummary } from '@/server/services/stats/get-stats-summary';
import { keptSummary } from '@/server/services/stats/kept-reads';
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
    // the caller's session reads the version of their activities: an answer kept under it is sent as it is
    sessionRead: () => keptSummary(undefined),
    handler: async ({ db, auth, preloaded }) => jsonKept(preloaded, () => getStatsSummary(db, auth.userId)),
  }),
});
