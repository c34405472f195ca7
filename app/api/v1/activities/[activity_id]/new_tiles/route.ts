import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { newTilesRead } from '@/server/services/explorer/reads';
import { newTilesResponse } from '@/server/services/explorer/schemas';

// CONTRACT: Explorer, goals, gear components, segments
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: "An activity's new explorer tiles", responses: { 200: jsonDoc(newTilesResponse, 'Its tiles no earlier activity passed through') } },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    params: z.object({ activity_id: intId }),
    read: newTilesRead,
    readInput: ({ params }) => ({ id: params.activity_id }),
  }),
});
