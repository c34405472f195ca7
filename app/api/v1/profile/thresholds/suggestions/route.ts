import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { listThresholdSuggestions } from '@/server/services/performance/list-threshold-suggestions';
import { thresholdSuggestionResponse } from '@/server/services/performance/schemas';

// Suggested thresholds (issue 52)
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'List open threshold suggestions',
      description:
        'Figures an activity suggested (FTP or critical-speed pace at least 3 % beyond the entry in effect, or a heart rate above the recorded max).',
      responses: { 200: jsonDoc(z.array(thresholdSuggestionResponse), 'Open suggestions, oldest first') },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    handler: async ({ db, auth }) => json(await listThresholdSuggestions(db, auth.userId)),
  }),
});
