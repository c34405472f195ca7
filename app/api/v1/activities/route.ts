import { defineRoute } from '@/server/http/define-route';
import { jsonText } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { activityPageJsonAlongSession, findActivitiesJson } from '@/server/services/activities/activity-page-json';
import { listActivitiesInput } from '@/server/services/activities/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
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
