import { redirectDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { routes } from '@/server/http/routes';
import { createStravaLinkUrl } from '@/server/services/strava/create-strava-link-url';

// CONTRACT: Strava: 302 to Strava's authorize URL with a single-use state bound to the caller.
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'Start linking Strava', responses: { 302: redirectDoc("To Strava's authorization page") } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    endpoint: 'idp_link',
    handler: async ({ db, auth }) => new Response(null, { status: 302, headers: { location: await createStravaLinkUrl(db, auth.userId) } }),
  }),
});
