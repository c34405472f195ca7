import { jsonDoc } from '@/server/http/route-doc';
import { stravaStatusResponse } from '@/server/services/strava/schemas';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { getStravaStatus } from '@/server/services/strava/get-strava-status';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'Strava link status', responses: { 200: jsonDoc(stravaStatusResponse, 'The link and the provider quota') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    handler: async ({ db, auth }) => json(await getStravaStatus(db, auth.userId)),
  }),
});
