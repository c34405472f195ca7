import { defineRoute } from '@/server/http/define-route';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { explorerSummaryRead } from '@/server/services/explorer/reads';
import { explorerSummaryResponse } from '@/server/services/explorer/schemas';

// CONTRACT: Explorer, goals, gear components, segments
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Explorer summary',
      description:
        'Tiles visited at zoom 14 or 17, the largest square (size and north-west tile), the largest cluster (tiles in the largest 4-connected group of visited tiles whose four neighbours are visited) and tiles first visited this year.',
      responses: { 200: jsonDoc(explorerSummaryResponse, 'The summary') },
    },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    read: explorerSummaryRead,
  }),
});
