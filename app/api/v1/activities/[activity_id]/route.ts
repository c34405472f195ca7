import { emptyDoc, jsonDoc } from '@/server/http/route-doc';
import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { json, noContent } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { etagOf, expectedVersion } from '@/server/http/wire/if-match';
import { activityRecord } from '@/server/services/activities/activity-record';
import { deleteActivity } from '@/server/services/activities/delete-activity';
import { activityRead } from '@/server/services/activities/reads';
import { activityResponse, updateActivityInput } from '@/server/services/activities/schemas';
import { updateActivity } from '@/server/services/activities/update-activity';

const params = z.object({ activity_id: intId });

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'Get an activity', responses: { 200: jsonDoc(activityResponse, 'The activity; ETag is its version', ['etag']) } },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    params,
    read: activityRead,
    readInput: ({ params }) => ({ id: params.activity_id }),
  }),
  PATCH: defineRoute({
    doc: {
      summary: 'Update an activity',
      headers: ['if-match'],
      problems: ['precondition_failed'],
      responses: { 200: jsonDoc(activityResponse, 'The updated activity', ['etag']) },
    },
    auth: 'jwt',
    scope: 'activities:write',
    tier: 'WRITE',
    params,
    json: updateActivityInput,
    handler: async ({ db, auth, params, body, request }) => {
      const row = await updateActivity(db, auth.userId, params.activity_id, body, expectedVersion(request.headers));
      return json(activityRecord(row), { headers: { etag: etagOf(row.version) } });
    },
  }),
  DELETE: defineRoute({
    doc: { summary: 'Delete an activity', responses: { 204: emptyDoc('Deleted') } },
    auth: 'jwt',
    scope: 'activities:write',
    tier: 'WRITE',
    params,
    handler: async ({ db, auth, params }) => {
      await deleteActivity(db, auth.userId, params.activity_id);
      return noContent();
    },
  }),
});
