import { defineRoute } from '@/server/http/define-route';
import { openApiAnswer, openApiDocumentDoc } from '@/server/http/openapi/serve-document';
import { routes } from '@/server/http/routes';
import { routeModules } from '../route-modules';

// The OpenAPI 3.1 document of this API, built from the route declarations themselves.
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: openApiDocumentDoc,
    auth: 'public',
    tier: 'DEFAULT',
    handler: async ({ request }) => openApiAnswer(request.headers, routeModules),
  }),
});
