import { z } from 'zod';
import { jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { routes } from '@/server/http/routes';
import { goalsProgressRead } from '@/server/services/goals/reads';
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
    read: goalsProgressRead,
  }),
});
