import { z } from 'zod';
import { clearedStravaStateCookie, readCookie, STRAVA_STATE_COOKIE } from '@/server/http/cookies';
import { defineRoute } from '@/server/http/define-route';
import { redirect } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { completeStravaLink } from '@/server/services/strava/complete-strava-link';

// CONTRACT: Settled 2026-11-23: Strava sends the browser here with no bearer and no
// X-Client-Type; the outcome is a redirect into the web app's settings page.
const query = z.object({ code: z.string().optional(), state: z.string().optional(), scope: z.string().optional(), error: z.string().optional() });

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Strava authorization callback',
      responses: { 302: { description: "Into the web app's settings, linked or with a reason", headers: ['location', 'set-cookie'] } },
    },
    auth: 'public',
    tier: 'DEFAULT',
    endpoint: 'idp_callback',
    query,
    handler: async ({ db, query, request }) => {
      const outcome = await completeStravaLink(db, { ...query, browserState: readCookie(request.headers, STRAVA_STATE_COOKIE) });
      const target = outcome.linked ? '/settings?strava=linked' : `/settings?strava=error&reason=${outcome.reason}`;
      return redirect(target, { 'set-cookie': clearedStravaStateCookie() });
    },
  }),
});
