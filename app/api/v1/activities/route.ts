import { jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { jsonText } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { activityPageJsonAlongSession, findActivitiesJson } from '@/server/services/activities/activity-page-json';
import { activityPageResponse, listActivitiesInput } from '@/server/services/activities/schemas';
import { DATE_SPAN_DOC } from '@/server/util/date-input';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'List activities',
      description: `A page of the caller's activities, filtered and sorted, with totals over every match. ${DATE_SPAN_DOC}`,
      responses: { 200: jsonDoc(activityPageResponse, 'A page of activities') },
    },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    query: listActivitiesInput,
    // the page comes with the session check, as JSON text: one statement per read and no row
    // decoding in Node (bench/reads)
    sessionRead: ({ query }) => activityPageJsonAlongSession(query),
    handler: async ({ db, auth, query, preloaded }) => jsonText(preloaded ?? (await findActivitiesJson(db, auth.userId, query))),
  }),
});
