import { defineRoute } from '@/server/http/define-route';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { statsRead } from '@/server/services/stats/reads';
import { MAX_STATS_BUCKETS, statsResponse } from '@/server/services/stats/schemas';
import { DATE_SPAN_DOC } from '@/server/util/date-input';

// CONTRACT: Beyond the spec … Statistics and calendar
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Get totals per week, month or year',
      description: `One bucket per period of the profile's timezone (Monday weeks) in the range, empty ones included, oldest first. The range holds at most ${MAX_STATS_BUCKETS} periods. ${DATE_SPAN_DOC}`,
      responses: { 200: jsonDoc(statsResponse, 'Buckets') },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    read: statsRead,
  }),
});
