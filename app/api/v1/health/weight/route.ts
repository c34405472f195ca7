import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { createWeight } from '@/server/services/weight/create-weight';
import { listWeights } from '@/server/services/weight/list-weights';
import { createWeightInput, listWeightsInput } from '@/server/services/weight/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    auth: 'jwt',
    scope: 'health:read',
    tier: 'DEFAULT',
    query: listWeightsInput,
    handler: async ({ db, auth, query }) => json(await listWeights(db, auth.userId, query)),
  }),
  POST: defineRoute({
    auth: 'jwt',
    scope: 'health:write',
    tier: 'WRITE',
    json: createWeightInput,
    handler: async ({ db, auth, body }) => json(await createWeight(db, auth.userId, body), { status: 201 }),
  }),
});
