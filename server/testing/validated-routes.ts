import { routes as serve, unknownPathRoutes, onlyWhen, METHODS } from '../http/routes';
import type { RouteHandler } from '../http/define-route';
import { assertDocumentedResponse } from './documented-responses';

// In tests only (vitest.config.ts aliases @/server/http/routes here): every route module's
// handlers check each answer against the OpenAPI document before the test sees it.

export { unknownPathRoutes, onlyWhen, METHODS };

export function routes(handlers: Parameters<typeof serve>[0]): ReturnType<typeof serve> {
  const served = serve(handlers);
  const checked = (handler: RouteHandler): RouteHandler =>
    Object.assign(async (request: Request, context: Parameters<RouteHandler>[1]) => {
      const response = await handler(request, context);
      await assertDocumentedResponse(request, response);
      return response;
    }, handler);
  return Object.fromEntries(METHODS.map((m) => [m, checked(served[m])])) as ReturnType<typeof serve>;
}
