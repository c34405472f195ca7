import { jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { routes } from '@/server/http/routes';
import { activityRoutesRead } from '@/server/services/routes/reads';
import { activityRoutesResponse } from '@/server/services/routes/schemas';
import { DATE_SPAN_DOC } from '@/server/util/date-input';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: "The caller's routes",
      description: `Every activity with a position stream as a Google encoded polyline (precision 5), simplified to at most 5 m off the recorded track. ${DATE_SPAN_DOC}`,
      problems: ['invalid_input'],
      responses: { 200: jsonDoc(activityRoutesResponse, 'Routes, oldest first') },
    },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    read: activityRoutesRead,
  }),
});
