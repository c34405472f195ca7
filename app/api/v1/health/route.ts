import { jsonDoc } from '@/server/http/route-doc';
import { healthResponse } from '@/server/services/health/schemas';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { getHealth } from '@/server/services/health/get-health';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'Service health', responses: { 200: jsonDoc(healthResponse, 'The service and its database answer') } },
    auth: 'public',
    tier: 'DEFAULT',
    handler: async ({ db }) => json(await getHealth(db)),
  }),
});
