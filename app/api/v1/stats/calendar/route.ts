import { defineRoute } from '@/server/http/define-route';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { calendarRead } from '@/server/services/stats/reads';
import { calendarResponse } from '@/server/services/stats/schemas';
import { DATE_SPAN_DOC } from '@/server/util/date-input';

// CONTRACT: Beyond the spec … Statistics and calendar
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Get the calendar of a month',
      description: `One entry per day of the month in the profile's timezone, with the activities started that day. ${DATE_SPAN_DOC}`,
      responses: { 200: jsonDoc(calendarResponse, 'Days of the month') },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    read: calendarRead,
  }),
});
