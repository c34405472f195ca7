import { defineRoute } from '@/server/http/define-route';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { curvesRead } from '@/server/services/performance/reads';
import { curvesResponse } from '@/server/services/performance/schemas';
import { DATE_SPAN_DOC } from '@/server/util/date-input';

// Curves (issue 52)
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Get a power, pace, grade-adjusted pace or heart-rate curve',
      description: `The best value per duration (power, hr) or per distance (pace, gap_pace) over the activities of the type started in the range (days in the profile's timezone), with the activity each came from; type defaults to run for pace and gap_pace, to every type for power and hr. ${DATE_SPAN_DOC}`,
      responses: { 200: jsonDoc(curvesResponse, 'The curve') },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    read: curvesRead,
  }),
});
