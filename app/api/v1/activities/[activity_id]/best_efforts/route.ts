import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { activityBestEffortsRead } from '@/server/services/efforts/reads';
import { bestEffortsResponse } from '@/server/services/efforts/schemas';

// CONTRACT: Beyond the spec … Best efforts and records
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Get the best efforts and power curve of an activity',
      description: 'Best efforts (run family) and power curve, each with pr_rank 1–3 among the activities started up to this one, else null.',
      responses: { 200: jsonDoc(bestEffortsResponse, 'Best efforts and power curve') },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    params: z.object({ activity_id: intId }),
    read: activityBestEffortsRead,
    readInput: ({ params }) => ({ id: params.activity_id }),
  }),
});
