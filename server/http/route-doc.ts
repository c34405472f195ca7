import type { z } from 'zod';
import type { ErrorKind } from '../errors';

// What defineRoute needs beyond serving a request to describe it in the OpenAPI document
// (server/http/openapi): the document is built from these same route objects, so it cannot
// drift from what a route accepts and answers.

/** Response headers the document names; each is described once in openapi/headers.ts. */
export type DocumentedHeader = 'etag' | 'location' | 'idempotent-replayed' | 'set-cookie' | 'content-disposition' | 'cache-control';

export interface ResponseDoc {
  description: string;
  /** a JSON body; without it (and without `media`) the response has no body */
  schema?: z.ZodType;
  /** a non-JSON body (a file, an image): its media type */
  media?: string;
  headers?: DocumentedHeader[];
}

/** Request headers a route reads itself (X-Client-Type and CSRF come from the route's rules). */
export type RequestHeader = 'if-match' | 'idempotency-key' | 'if-none-match';

export interface RouteDoc {
  summary: string;
  description?: string;
  /** answers by status; problem documents are added from the route's rules and `problems` */
  responses: Record<number, ResponseDoc>;
  /** problem kinds the handler (not the wrapper) can answer */
  problems?: ErrorKind[];
  /** a body the handler reads itself (multipart uploads, bodies of several kinds) */
  body?: { media: 'multipart/form-data' | 'application/json'; schema: z.ZodType; required?: boolean }[];
  headers?: RequestHeader[];
  /** for public routes that read a credential themselves (refresh token, pending MFA login) */
  security?: Record<string, string[]>[];
}

export const emptyDoc = (description: string): ResponseDoc => ({ description });

export const jsonDoc = (schema: z.ZodType, description: string, headers?: DocumentedHeader[]): ResponseDoc => ({ description, schema, headers });

export const redirectDoc = (description: string): ResponseDoc => ({ description, headers: ['location'] });
