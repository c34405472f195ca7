import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { acceptThresholdSuggestion } from '@/server/services/performance/accept-threshold-suggestion';
import { thresholdResponse } from '@/server/services/training-load/schemas';

// Suggested thresholds (issue 52)
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    doc: {
      summary: 'Accept a threshold suggestion',
      description:
        "Adds a thresholds entry from the suggestion's day: the figures in effect with the suggested ones in their place. Loads are recomputed by a job.",
      responses: { 201: jsonDoc(thresholdResponse, 'The entry') },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'WRITE',
    params: z.object({ suggestion_id: intId }),
    handler: async ({ db, auth, params }) => json(await acceptThresholdSuggestion(db, auth.userId, params.suggestion_id), { status: 201 }),
  }),
});
