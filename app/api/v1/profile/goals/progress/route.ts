import { z } from 'zod';
import { jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { getGoalsProgress } from '@/server/services/goals/get-goals-progress';
import { goalProgressResponse } from '@/server/services/goals/schemas';

// CONTRACT: Explorer, goals, gear components, segments
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: "Goals' progress",
      responses: { 200: jsonDoc(z.array(goalProgressResponse), "Each goal's current period in the profile's timezone (weeks from Monday)") },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    handler: async ({ db, auth }) => json(await getGoalsProgress(db, auth.userId)),
  }),
});
