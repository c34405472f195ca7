import { z } from 'zod';
import { jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { createWeight } from '@/server/services/weight/create-weight';
import { listWeights, listWeightsPage } from '@/server/services/weight/list-weights';
import { createWeightInput, weightPageResponse, weightResponse, weightsQuery } from '@/server/services/weight/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'List weight entries',
      description:
        'Oldest first as a plain array; with page_number and num_records (both), one page newest first as `{ total, num_records, page_number, records }` (the Endurain shape).',
      responses: { 200: jsonDoc(z.union([z.array(weightResponse), weightPageResponse]), 'The entries, or a page of them') },
    },
    auth: 'jwt',
    scope: 'health:read',
    tier: 'DEFAULT',
    query: weightsQuery,
    handler: async ({ db, auth, query }) => {
      const { page_number, num_records, ...range } = query;
      if (page_number !== undefined && num_records !== undefined) return json(await listWeightsPage(db, auth.userId, { ...range, page_number, num_records }));
      return json(await listWeights(db, auth.userId, range));
    },
  }),
  POST: defineRoute({
    doc: {
      summary: 'Record a weight',
      description: 'One entry a day: a second post for the same day replaces it (weight and body composition). `date` is accepted as an alias of created_at.',
      responses: { 201: jsonDoc(weightResponse, 'The entry') },
    },
    auth: 'jwt',
    scope: 'health:write',
    tier: 'WRITE',
    json: createWeightInput,
    handler: async ({ db, auth, body }) => json(await createWeight(db, auth.userId, body), { status: 201 }),
  }),
});
