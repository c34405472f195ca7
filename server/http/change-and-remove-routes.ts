import type { z } from 'zod';
import type { Db } from '@/db/client';
import type { Scope } from '../auth/scopes';
import { defineRoute, type DocumentedRouteHandler } from './define-route';
import { json, noContent } from './respond';
import { emptyDoc, jsonDoc } from './route-doc';

/**
 * PATCH (change) and DELETE (remove) of one of the caller's items addressed by its path: the shape
 * the goal and gear-component routes share. `change` and `remove` are the service functions; a
 * missing or another user's item is their 404.
 */
export function changeAndRemoveRoutes<P, B, R>(spec: {
  /** "goal", "component": the operations' summaries */
  noun: string;
  scope: Scope;
  params: z.ZodType<P>;
  input: z.ZodType<B>;
  response: z.ZodType<R>;
  change: (db: Db, userId: number, params: P, body: B) => Promise<R>;
  remove: (db: Db, userId: number, params: P) => Promise<void>;
}): { PATCH: DocumentedRouteHandler; DELETE: DocumentedRouteHandler } {
  const { noun, scope, params } = spec;
  return {
    PATCH: defineRoute({
      doc: { summary: `Change a ${noun}`, responses: { 200: jsonDoc(spec.response, `The changed ${noun}`) } },
      auth: 'jwt',
      scope,
      tier: 'WRITE',
      params,
      json: spec.input,
      handler: async ({ db, auth, params, body }) => json(await spec.change(db, auth.userId, params, body)),
    }),
    DELETE: defineRoute({
      doc: { summary: `Remove a ${noun}`, responses: { 204: emptyDoc('Removed') } },
      auth: 'jwt',
      scope,
      tier: 'WRITE',
      params,
      handler: async ({ db, auth, params }) => {
        await spec.remove(db, auth.userId, params);
        return noContent();
      },
    }),
  };
}
