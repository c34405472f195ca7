import { stravaStateCookie } from '@/server/http/cookies';
import { createStravaLinkUrl } from '@/server/services/strava/create-strava-link-url';
import { getStravaStatus } from '@/server/services/strava/get-strava-status';
import { stravaSyncInput } from '@/server/services/strava/schemas';
import { startStravaSync } from '@/server/services/strava/start-strava-sync';
import { unlinkStrava } from '@/server/services/strava/unlink-strava';
import { authedProcedure, router } from '../init';

// The web UI's twin of the /strava REST routes. The browser cannot navigate to GET /strava/link
// with a bearer header, so linkUrl hands it the same authorize URL as JSON (README Decisions), and
// binds the state to this browser with the same cookie (CONTRACT: Strava, changed 2026-11-25).
export const stravaRouter = router({
  status: authedProcedure('DEFAULT').query(({ ctx }) => getStravaStatus(ctx.db, ctx.user.userId)),
  linkUrl: authedProcedure('DEFAULT').mutation(async ({ ctx }) => {
    const started = await createStravaLinkUrl(ctx.db, ctx.user.userId);
    ctx.resHeaders.append('set-cookie', stravaStateCookie(started.state));
    return { authorization_url: started.authorizationUrl };
  }),
  unlink: authedProcedure('WRITE').mutation(({ ctx }) => unlinkStrava(ctx.db, ctx.user.userId)),
  sync: authedProcedure('PROVIDER_SYNC')
    .input(stravaSyncInput)
    .mutation(({ ctx, input }) => startStravaSync(ctx.db, ctx.user.userId, input)),
});
