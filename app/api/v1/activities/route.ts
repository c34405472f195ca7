import { jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { activitiesAlongSession, findActivities } from '@/server/services/activities/find-activities';
import { activityPageResponse, listActivitiesInput } from '@/server/services/activities/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'List activities', description: 'A page of the caller\'s activities, filtered and sorted, with totals over every match.', responses: { 200: jsonDoc(activityPageResponse, 'A page of activities') } },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    query: listActivitiesInput,
    // the page comes with the session check: one statement per read (bench/reads)
    sessionRead: ({ query }) => activitiesAlongSession(query),
    handler: async ({ db, auth, query, preloaded }) => json(preloaded ?? (await findActivities(db, auth.userId, query))),
  }),
});
