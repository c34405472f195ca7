import { defineRoute } from '@/server/http/define-route';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { summaryRead } from '@/server/services/stats/reads';
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
    read: summaryRead,
  }),
});
