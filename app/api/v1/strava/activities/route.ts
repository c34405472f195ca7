import { defineRoute } from '@/server/http/define-route';
import { jobAccepted, jobAcceptedDoc } from '@/server/http/wire/job-accepted';
import { routes } from '@/server/http/routes';
import { stravaSyncInput } from '@/server/services/strava/schemas';
import { startStravaSync } from '@/server/services/strava/start-strava-sync';

// spec: scope profile, tier PROVIDER_SYNC; 202 { job_id, status_url } with Location (CONTRACT).
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'Sync activities from Strava', problems: ['failed_dependency', 'conflict'], responses: { 202: jobAcceptedDoc } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'PROVIDER_SYNC',
    query: stravaSyncInput,
    handler: async ({ db, auth, query }) => {
      return jobAccepted(await startStravaSync(db, auth.userId, query));
    },
  }),
});
