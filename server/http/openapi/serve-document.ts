import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { RouteDoc } from '../route-doc';
import { buildOpenApiDocument, type RouteModule } from './build-document';

// GET /openapi.json: the document changes only with a deploy, so it is built once per process
// and revalidated by its strong ETag (a hash of the bytes).

let built: { body: string; etag: string } | undefined;

function document(modules: RouteModule[]): { body: string; etag: string } {
  if (!built) {
    const body = JSON.stringify(buildOpenApiDocument(modules));
    built = { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
  }
  return built;
}

/** RFC 9110 If-None-Match: a list of tags (weak comparison) or `*`. */
export function ifNoneMatchHolds(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** `modules`: the app's generated list of route modules (app/api/v1/route-modules.ts). */
export function openApiAnswer(requestHeaders: Headers, modules: RouteModule[]): Response {
  const { body, etag } = document(modules);
  const headers = { etag, 'cache-control': 'public, max-age=300, must-revalidate' };
  if (ifNoneMatchHolds(requestHeaders.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers: { ...headers, 'content-type': 'application/json' } });
}

export const openApiDocumentDoc: RouteDoc = {
  summary: 'This OpenAPI document',
  headers: ['if-none-match'],
  responses: {
    200: {
      description: 'The OpenAPI 3.1 document',
      schema: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
      headers: ['etag', 'cache-control'],
    },
    304: { description: 'Not modified: the copy named by If-None-Match is current', headers: ['etag', 'cache-control'] },
  },
};
