import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { fitnessRead } from '@/server/services/training-load/reads';
import { fitnessDay, MAX_FITNESS_DAYS } from '@/server/services/training-load/schemas';
import { DATE_SPAN_DOC } from '@/server/util/date-input';

// CONTRACT: Beyond the spec … Training load
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Get fitness, fatigue and form per day',
      description: `One entry per day of the range: the summed training load, CTL (42 days), ATL (7 days) and TSB (the day before: CTL − ATL). The range spans at most ${MAX_FITNESS_DAYS} days. ${DATE_SPAN_DOC}`,
      responses: { 200: jsonDoc(z.array(fitnessDay), 'Days, oldest first') },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    read: fitnessRead,
  }),
});
