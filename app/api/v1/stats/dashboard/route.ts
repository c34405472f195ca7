import { defineRoute } from '@/server/http/define-route';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { dashboardRead } from '@/server/services/stats/reads';
import { dashboardResponse } from '@/server/services/stats/schemas';

// The REST twin of the web app's home (tRPC progress.dashboard): CONTRACT names no path for it, so
// it sits with the statistics it is made of.
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Get the dashboard',
      description:
        "Today in the profile's timezone, the summary, the 12 Monday weeks up to today's, today's month as a calendar and the 6 most recent personal records, in one answer.",
      responses: { 200: jsonDoc(dashboardResponse, 'Dashboard') },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    read: dashboardRead,
  }),
});
