import { defineRoute } from '@/server/http/define-route';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { recordsRead } from '@/server/services/efforts/reads';
import { recordsResponse } from '@/server/services/efforts/schemas';
import { FIRST_INPUT_YEAR, LAST_INPUT_YEAR } from '@/server/util/date-input';

// CONTRACT: Beyond the spec … Best efforts and records
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Get personal records of a sport family or activity type',
      description: `Best effort per distance, power curve maxima, longest distance and time, biggest climb; optionally in one year (${FIRST_INPUT_YEAR}–${LAST_INPUT_YEAR}, else 422).`,
      responses: { 200: jsonDoc(recordsResponse, 'Personal records') },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    read: recordsRead,
  }),
});
