import { MFA_TOKEN_COOKIE, REFRESH_COOKIE } from '../cookies';

// The parts of the document every operation shares: how callers authenticate, and the headers
// the wrapper reads or writes (spec: Authentication; spec: Limits; CONTRACT: Activities).

export const securitySchemes = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'An access token from login, refresh or a PKCE exchange. Send X-Client-Type too.',
  },
  apiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'An API key; only the activity upload accepts one (scope activities:upload).' },
  refreshCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: REFRESH_COOKIE,
    description: 'The web refresh token, HttpOnly, SameSite=Strict; only /auth/refresh and /auth/logout read it.',
  },
  csrfToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description: 'The csrf_token of the web token response, required with a web session on POST, PUT, PATCH and DELETE.',
  },
  mfaCookie: { type: 'apiKey', in: 'cookie', name: MFA_TOKEN_COOKIE, description: 'Binds a web MFA step to its password step.' },
};

export const headers = {
  etag: { name: 'ETag', description: 'The activity version, quoted; send it back in If-Match.', schema: { type: 'string' } },
  location: { name: 'Location', description: 'Where to go next, or the status of a started job.', schema: { type: 'string' } },
  'idempotent-replayed': {
    name: 'Idempotent-Replayed',
    description: '`true` when the answer is the replay of an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
  'set-cookie': {
    name: 'Set-Cookie',
    description: 'A cookie: the web session, or an OAuth state bound to this browser (web clients only).',
    schema: { type: 'string' },
  },
  'content-disposition': { name: 'Content-Disposition', description: 'attachment; filename="…"', schema: { type: 'string' } },
  'cache-control': { name: 'Cache-Control', description: 'no-store on secrets, otherwise a private cache time.', schema: { type: 'string' } },
  'Retry-After': { name: 'Retry-After', description: 'Seconds to wait before trying again.', schema: { type: 'integer' } },
  'X-RateLimit-Limit': { name: 'X-RateLimit-Limit', description: 'The limit that was hit.', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { name: 'X-RateLimit-Remaining', description: 'Always 0 on a refusal.', schema: { type: 'integer' } },
  Allow: { name: 'Allow', description: 'The methods the path has.', schema: { type: 'string' } },
} as const;

export const parameters = {
  'x-client-type': {
    name: 'X-Client-Type',
    in: 'header',
    required: true,
    description: 'web or mobile; anything else is 403.',
    schema: { type: 'string', enum: ['web', 'mobile'] },
  },
  'x-client-type-mobile': {
    name: 'X-Client-Type',
    in: 'header',
    required: true,
    description: 'mobile; web is 400 (web clients use the refresh cookie), missing or anything else is 403.',
    schema: { type: 'string', enum: ['mobile'] },
  },
  'x-client-type-optional': {
    name: 'X-Client-Type',
    in: 'header',
    required: false,
    description: 'web or mobile when given.',
    schema: { type: 'string', enum: ['web', 'mobile'] },
  },
  'if-match': {
    name: 'If-Match',
    in: 'header',
    required: false,
    description: 'The version from ETag, or `*`; a different version answers 412. Omitted: the update applies.',
    schema: { type: 'string' },
  },
  'if-none-match': {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description: 'The ETag of a copy you hold; the same one answers 304.',
    schema: { type: 'string' },
  },
  'idempotency-key': {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description: '1 to 255 visible ASCII characters; a repeat with the same file replays the first answer.',
    schema: { type: 'string', maxLength: 255 },
  },
} as const;

/** `{ name: { $ref } }` for the component headers a response names. */
export function headerRefs(names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.map((n) => [headers[n as keyof typeof headers].name, { $ref: `#/components/headers/${n}` }]));
}
