import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { getFitness } from '@/server/services/training-load/get-fitness';
import { fitnessDay, fitnessInput } from '@/server/services/training-load/schemas';

// CONTRACT: Beyond the spec … Training load
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Get fitness, fatigue and form per day',
      description: 'One entry per day of the range: the summed training load, CTL (42 days), ATL (7 days) and TSB (the day before: CTL − ATL).',
      responses: { 200: jsonDoc(z.array(fitnessDay), 'Days, oldest first') },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    query: fitnessInput,
    handler: async ({ db, auth, query }) => json(await getFitness(db, auth.userId, query)),
  }),
});
