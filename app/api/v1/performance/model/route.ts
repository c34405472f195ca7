import { defineRoute } from '@/server/http/define-route';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { performanceModelRead } from '@/server/services/performance/reads';
import { performanceModelResponse } from '@/server/services/performance/schemas';
import { DATE_SPAN_DOC } from '@/server/util/date-input';

// Performance model (issue 52)
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Get critical power or critical speed fitted over a range',
      description: `Rides: CP and W′ by a least-squares fit of work on time to the 3–20 min power bests, and FTP as 95 % of the best 20 min. Runs: critical speed and D′ from the pace bests lasting 3–20 min, and 5 km to marathon times by Riegel (1981). Null with a reason when too few efforts; without dates, the last 90 days. ${DATE_SPAN_DOC}`,
      responses: { 200: jsonDoc(performanceModelResponse, 'The model') },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    read: performanceModelRead,
  }),
});
