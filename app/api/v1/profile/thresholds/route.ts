import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { createThreshold } from '@/server/services/training-load/create-threshold';
import { listThresholds } from '@/server/services/training-load/list-thresholds';
import { createThresholdInput, thresholdResponse } from '@/server/services/training-load/schemas';

// CONTRACT: Beyond the spec … Training load
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'List dated thresholds', responses: { 200: jsonDoc(z.array(thresholdResponse), "The caller's entries, oldest effective day first") } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    handler: async ({ db, auth }) => json(await listThresholds(db, auth.userId)),
  }),
  POST: defineRoute({
    doc: {
      summary: 'Add a thresholds entry',
      description: 'An entry of the same effective day is replaced. Every activity load and day is then recomputed by a job.',
      responses: { 201: jsonDoc(thresholdResponse, 'The entry') },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'WRITE',
    json: createThresholdInput,
    handler: async ({ db, auth, body }) => json(await createThreshold(db, auth.userId, body), { status: 201 }),
  }),
});
