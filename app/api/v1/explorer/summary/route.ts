import { defineRoute } from '@/server/http/define-route';
import { jsonKept } from '@/server/http/respond';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { getExplorerSummary } from '@/server/services/explorer/get-explorer-summary';
import { keptExplorerSummary } from '@/server/services/explorer/kept-reads';
import { explorerSummaryInput, explorerSummaryResponse } from '@/server/services/explorer/schemas';

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
    query: explorerSummaryInput,
    // the caller's session reads the version of their activities: an answer kept under it is sent as it is
    sessionRead: ({ query }) => keptExplorerSummary(query),
    handler: async ({ db, auth, query, preloaded }) => jsonKept(preloaded, () => getExplorerSummary(db, auth.userId, query.zoom)),
  }),
});
