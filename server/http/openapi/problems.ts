import { z } from 'zod';
import { errorKinds, PROBLEM_CODES, type ErrorKind } from '../../errors';

// RFC 9457 problem documents as the document describes them: one shared schema, and one
// reusable response per problem `type` (each kind has its own status, see server/errors.ts).

export const problemDocument = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  instance: z.string(),
  request_id: z.string(),
  code: z.enum(PROBLEM_CODES).optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

export const problemResponseName = (kind: ErrorKind) => `Problem_${kind}`;

const RETRY_HEADERS: Partial<Record<ErrorKind, string[]>> = {
  rate_limited: ['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining'],
  service_unavailable: ['Retry-After'],
  method_not_allowed: ['Allow'],
};

/** components.responses: `Problem_<kind>`, its `type` pinned to the kind's URN. */
export function problemResponses(): Record<string, unknown> {
  return Object.fromEntries(
    (Object.keys(errorKinds) as ErrorKind[]).map((kind) => {
      const { type, title, status } = errorKinds[kind];
      const schema = { allOf: [{ $ref: '#/components/schemas/Problem' }, { properties: { type: { const: type }, status: { const: status } } }] };
      const headers = Object.fromEntries((RETRY_HEADERS[kind] ?? []).map((h) => [h, { $ref: `#/components/headers/${h}` }]));
      return [problemResponseName(kind), { description: `${title} (${type})`, headers, content: { 'application/problem+json': { schema } } }];
    }),
  );
}

export const kindOfStatus = (status: number) => (Object.keys(errorKinds) as ErrorKind[]).find((k) => errorKinds[k].status === status);
