import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { noContent } from '@/server/http/respond';
import { emptyDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { dismissThresholdSuggestion } from '@/server/services/performance/dismiss-threshold-suggestion';

// Suggested thresholds (issue 52)
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    doc: { summary: 'Dismiss a threshold suggestion', responses: { 204: emptyDoc('Closed without an entry') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'WRITE',
    params: z.object({ suggestion_id: intId }),
    handler: async ({ db, auth, params }) => {
      await dismissThresholdSuggestion(db, auth.userId, params.suggestion_id);
      return noContent();
    },
  }),
});
