import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { jsonDoc } from '@/server/http/route-doc';
import { onlyWhen, routes } from '@/server/http/routes';
import { answerStravaChallenge } from '@/server/services/strava/push/answer-strava-challenge';
import { receiveStravaEvent, stravaPushEnabled } from '@/server/services/strava/push/receive-strava-event';
import { stravaChallengeQuery, stravaChallengeResponse, stravaEventReceipt, stravaPushEvent } from '@/server/services/strava/push/schemas';

// CONTRACT: Beyond the spec … Integrations: Strava push. Strava calls these without a bearer.
// With STRAVA_WEBHOOK_VERIFY_TOKEN unset push is off: both answer 404 before reading anything.
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: onlyWhen(
    stravaPushEnabled,
    defineRoute({
      doc: {
        summary: "Strava's push subscription validation",
        description:
          'Answers the challenge when hub.verify_token matches the configured verify token; else 403. 404 when push is off (STRAVA_WEBHOOK_VERIFY_TOKEN unset).',
        responses: { 200: jsonDoc(stravaChallengeResponse, 'The challenge echoed') },
        problems: ['permission_denied', 'not_found'],
      },
      auth: 'public',
      tier: 'DEFAULT',
      query: stravaChallengeQuery,
      handler: async ({ query }) => json(answerStravaChallenge(query)),
    }),
  ),
  POST: onlyWhen(
    stravaPushEnabled,
    defineRoute({
      doc: {
        summary: 'A Strava push event',
        description:
          'Answered at once, the same for every event; the work is queued as a job that checks the event with Strava (an event is a hint, never the truth). Events for athletes linked to no account, for another subscription, duplicates and events past the per-athlete and overall counts are ignored. 404 when push is off (STRAVA_WEBHOOK_VERIFY_TOKEN unset).',
        responses: { 200: jsonDoc(stravaEventReceipt, 'Received (queued or ignored: the answer does not say)') },
        problems: ['not_found'],
      },
      auth: 'public',
      // spec: Limits: Rate limits: "each endpoint uses one tier". An event creates, updates or deletes
      // an activity (through a queued job), so WRITE, "creating or mutating resources" (30/min), not
      // DEFAULT, which is for endpoints without a more specific tier. Not PROVIDER_SYNC (6/min) although
      // the job calls Strava: the request itself calls no provider (the job is paced by Strava's own
      // budgets, CONTRACT: Beyond the spec … Integrations), and Strava sends every athlete's events
      // from its own few addresses, so one address's count is the whole instance's and 6/min would
      // refuse real events, which Strava retries only a few times.
      tier: 'WRITE',
      json: stravaPushEvent,
      handler: async ({ db, body }) => json(await receiveStravaEvent(db, body)),
    }),
  ),
});
