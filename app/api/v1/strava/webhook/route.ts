import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { answerStravaChallenge } from '@/server/services/strava/push/answer-strava-challenge';
import { receiveStravaEvent } from '@/server/services/strava/push/receive-strava-event';
import { stravaChallengeQuery, stravaChallengeResponse, stravaEventReceipt, stravaPushEvent } from '@/server/services/strava/push/schemas';

// CONTRACT: Beyond the spec … Integrations: Strava push. Strava calls these without a bearer.
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: "Strava's push subscription validation",
      description: 'Answers the challenge when hub.verify_token matches the configured verify token; else 403.',
      responses: { 200: jsonDoc(stravaChallengeResponse, 'The challenge echoed') },
      problems: ['permission_denied'],
    },
    auth: 'public',
    tier: 'DEFAULT',
    query: stravaChallengeQuery,
    handler: async ({ query }) => json(answerStravaChallenge(query)),
  }),
  POST: defineRoute({
    doc: {
      summary: 'A Strava push event',
      description: 'Answered at once; the work is queued as a job. Events for athletes linked to no account, or for another subscription, are ignored.',
      responses: { 200: jsonDoc(stravaEventReceipt, 'Received (queued or ignored)') },
    },
    auth: 'public',
    tier: 'DEFAULT',
    json: stravaPushEvent,
    handler: async ({ db, body }) => json(await receiveStravaEvent(db, body)),
  }),
});
