import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { routes } from '@/server/http/routes';
import { jobAccepted, jobAcceptedDoc } from '@/server/http/wire/job-accepted';
import { jobHandle } from '@/server/job-queue/job-record';
import { rematchSegment } from '@/server/services/segments/rematch-segment';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    doc: { summary: 'Match your history against a segment again', description: 'A job; poll status_url.', responses: { 202: jobAcceptedDoc } },
    auth: 'jwt',
    scope: 'activities:write',
    tier: 'WRITE',
    params: z.object({ segment_id: intId }),
    handler: async ({ db, auth, params }) => jobAccepted(jobHandle(await rematchSegment(db, auth.userId, params.segment_id))),
  }),
});
