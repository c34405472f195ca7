import { createStravaLinkUrl } from '@/server/services/strava/create-strava-link-url';
import { getStravaStatus } from '@/server/services/strava/get-strava-status';
import { stravaSyncInput } from '@/server/services/strava/schemas';
import { startStravaSync } from '@/server/services/strava/start-strava-sync';
import { unlinkStrava } from '@/server/services/strava/unlink-strava';
import { authedProcedure, router } from '../init';

// The web UI's twin of the /strava REST routes. The browser cannot navigate to GET /strava/link
// with a bearer header, so linkUrl hands it the same authorize URL as JSON (README Decisions).
export const stravaRouter = router({
  status: authedProcedure('DEFAULT').query(({ ctx }) => getStravaStatus(ctx.db, ctx.user.userId)),
  linkUrl: authedProcedure('DEFAULT').mutation(async ({ ctx }) => ({ authorization_url: await createStravaLinkUrl(ctx.db, ctx.user.userId) })),
  unlink: authedProcedure('WRITE').mutation(({ ctx }) => unlinkStrava(ctx.db, ctx.user.userId)),
  sync: authedProcedure('PROVIDER_SYNC')
    .input(stravaSyncInput)
    .mutation(({ ctx, input }) => startStravaSync(ctx.db, ctx.user.userId, input)),
});
