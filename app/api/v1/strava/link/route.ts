import { stravaStateCookie } from '@/server/http/cookies';
import { defineRoute } from '@/server/http/define-route';
import { redirect } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { createStravaLinkUrl } from '@/server/services/strava/create-strava-link-url';

// CONTRACT: Strava: 302 to Strava's authorize URL with a single-use state bound to the caller,
// and to this browser by an HttpOnly SameSite=Lax cookie (changed 2026-11-25).
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'Start linking Strava', responses: { 302: { description: "To Strava's authorization page", headers: ['location', 'set-cookie'] } } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    endpoint: 'idp_link',
    handler: async ({ db, auth }) => {
      const started = await createStravaLinkUrl(db, auth.userId);
      return redirect(started.authorizationUrl, { 'set-cookie': stravaStateCookie(started.state) });
    },
  }),
});
