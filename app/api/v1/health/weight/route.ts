import { z } from 'zod';
import { jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { createWeight } from '@/server/services/weight/create-weight';
import { listWeights } from '@/server/services/weight/list-weights';
import { createWeightInput, listWeightsInput, weightResponse } from '@/server/services/weight/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'List weight entries', responses: { 200: jsonDoc(z.array(weightResponse), 'The entries') } },
    auth: 'jwt',
    scope: 'health:read',
    tier: 'DEFAULT',
    query: listWeightsInput,
    handler: async ({ db, auth, query }) => json(await listWeights(db, auth.userId, query)),
  }),
  POST: defineRoute({
    doc: {
      summary: 'Record a weight',
      description: 'One entry a day: a second post for the same day replaces it.',
      responses: { 201: jsonDoc(weightResponse, 'The entry') },
    },
    auth: 'jwt',
    scope: 'health:write',
    tier: 'WRITE',
    json: createWeightInput,
    handler: async ({ db, auth, body }) => json(await createWeight(db, auth.userId, body), { status: 201 }),
  }),
});
