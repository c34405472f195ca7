import { defineRoute } from '@/server/http/define-route';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { explorerTilesRead } from '@/server/services/explorer/reads';
import { explorerTilesResponse } from '@/server/services/explorer/schemas';

// CONTRACT: Explorer, goals, gear components, segments
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Visited explorer tiles',
      problems: ['invalid_input'],
      responses: { 200: jsonDoc(explorerTilesResponse, 'The visited tiles meeting bbox, as GeoJSON squares') },
    },
    auth: 'jwt',
    scope: 'activities:read',
    tier: 'DEFAULT',
    read: explorerTilesRead,
  }),
});
