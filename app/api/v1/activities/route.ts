import { jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { idempotencyKeyOf } from '@/server/http/wire/received-file';
import { createManualActivity } from '@/server/services/activities/create-manual-activity';
import { routes } from '@/server/http/routes';
import { activityPageRead } from '@/server/services/activities/reads';
import { activityPageResponse, activityResponse, createManualActivityInput } from '@/server/services/activities/schemas';
import { DATE_SPAN_DOC } from '@/server/util/date-input';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'List activities',
      description: `A page of the caller's activities, filtered and sorted, with totals over every match. ${DATE_SPAN_DOC}`,
      responses: { 200: jsonDoc(activityPageResponse, 'A page of activities') },
    },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    read: activityPageRead,
  }),
  // CONTRACT: Real history and hand-made activities: Hand-made activities
  POST: defineRoute({
    doc: {
      summary: 'Add an activity by hand',
      description:
        'An activity without a file (a gym session, a run without a watch): `source` is `manual`, `has_streams` false. `moving_time` defaults to `total_elapsed_time` and may not exceed it. It counts in statistics, the calendar, whole-activity records and training load (from `average_hr` over the moving time), never in best efforts. Idempotency-Key replays the first answer.',
      headers: ['idempotency-key'],
      problems: ['conflict'],
      responses: { 201: jsonDoc(activityResponse, 'The stored activity', ['idempotent-replayed']) },
    },
    auth: 'jwt',
    scope: 'activities:write',
    tier: 'WRITE',
    json: createManualActivityInput,
    missingFieldsAre422: true,
    handler: async ({ db, auth, body, request }) => {
      const { activity, replayed } = await createManualActivity(db, auth.userId, body, idempotencyKeyOf(request.headers));
      return json(activity, { status: 201, headers: replayed ? { 'idempotent-replayed': 'true' } : {} });
    },
  }),
});
