import * as publicActivityImageRoute from '@/app/a/[id]/image/route';
import { defineRoute } from '@/server/http/define-route';
import type { RouteModule } from '@/server/http/openapi/build-document';
import { openApiAnswer, openApiDocumentDoc } from '@/server/http/openapi/serve-document';
import { routes } from '@/server/http/routes';
import { routeModules } from './route-modules';

// GET /openapi.json, declared beside the list the document is built from: the generated list
// leaves that route out (the route reads the list: listing it would be an import cycle), and
// this module adds it back. openapi.json/route.ts only exports these handlers.

export const openApiDocumentRoutes = routes({
  GET: defineRoute({
    doc: openApiDocumentDoc,
    auth: 'public',
    tier: 'DEFAULT',
    handler: async ({ request }): Promise<Response> => openApiAnswer(request.headers, documentedRouteModules),
  }),
});

/** Routes served outside /api/v1 that are part of the API all the same (a path of their own server, the site's root). */
export const siteRouteModules: RouteModule[] = [{ path: '/a/{id}/image', module: publicActivityImageRoute, server: '/' }];

/** Every REST route module, /openapi.json and the site's routes included: what the OpenAPI document is built from. */
export const documentedRouteModules: RouteModule[] = [...routeModules, { path: '/openapi.json', module: openApiDocumentRoutes }, ...siteRouteModules];
