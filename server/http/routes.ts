import { AppError } from '../errors';
import type { DocumentedRouteHandler, NextRouteContext, RouteHandler } from './define-route';
import { problemResponse } from './problem';
import { requestIdFrom } from './request-id';

// A route file exports every method; those it does not define answer 405 with Allow
// (CONTRACT: Errors), instead of Next.js's bare 405.

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

export function routes(handlers: Partial<Record<Method, RouteHandler>>): Record<Method, RouteHandler> {
  const allow = METHODS.filter((m) => handlers[m]).join(', ');
  const notAllowed: RouteHandler = async (request: Request, _context: NextRouteContext) =>
    problemResponse(new AppError('method_not_allowed', { detail: `${request.method} is not allowed here. Allowed: ${allow}.`, headers: { Allow: allow } }), {
      instance: new URL(request.url).pathname,
      requestId: requestIdFrom(request.headers),
    });
  return Object.fromEntries(METHODS.map((m) => [m, handlers[m] ?? notAllowed])) as Record<Method, RouteHandler>;
}

/** The catch-all under /api/v1: every unknown path is a 404 problem, whatever the method. */
export function unknownPathRoutes(): Record<Method, RouteHandler> {
  const notFound: RouteHandler = async (request: Request) =>
    problemResponse(new AppError('not_found', { detail: 'There is no such endpoint.' }), {
      instance: new URL(request.url).pathname,
      requestId: requestIdFrom(request.headers),
    });
  return Object.fromEntries(METHODS.map((m) => [m, notFound])) as Record<Method, RouteHandler>;
}

/**
 * `handler` while `enabled()` says so; otherwise every request is a 404 problem before anything
 * of it is read (a feature switched off by configuration). The route's documentation is kept.
 */
export function onlyWhen(enabled: () => boolean, handler: RouteHandler): RouteHandler {
  const gated: RouteHandler = async (request, context) =>
    enabled()
      ? handler(request, context)
      : problemResponse(new AppError('not_found', { detail: 'There is no such endpoint.' }), {
          instance: new URL(request.url).pathname,
          requestId: requestIdFrom(request.headers),
        });
  return Object.assign(gated, { route: (handler as Partial<DocumentedRouteHandler>).route });
}
