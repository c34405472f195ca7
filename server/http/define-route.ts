import type { z } from 'zod';
import type { Db } from '@/db/client';
import { AppError, databaseUnavailable } from '../errors';
import { log, withLogContext } from '../log/logger';
import { clientAddress, enforceRateLimits, type EndpointLimit, type RateLimitTier } from '../rate-limit';
import { db as openDb } from '../runtime';
import type { Scope } from '../auth/scopes';
import { callerKey, type AuthContext, type ClientType } from '@/server/auth/auth-context';
import { authenticate, bearerToken, presentsApiKey, type AuthMode } from './authenticate';
import { assertCsrf } from '@/server/auth/csrf-guard';
import { problemResponse } from './problem';
import { assertNoNulBytes } from './nul-bytes';
import { readBody } from './read-body';
import type { RouteDoc } from './route-doc';
import { requestIdFrom } from './request-id';
import { logSecurityRefusal } from './security-log';
import { parseOr400WhenMissing, parseOr422 } from './validation';
import type { Answer, AnyRead, Read } from '../services/reads/define-read';
import { runRead } from '../services/reads/run-read';
import type { SessionAuthContext } from '../services/sessions/resolve-access-token';
import { jsonText } from './respond';
import { etagOf } from './wire/if-match';

// The one wrapper every REST handler uses. Fixed order: request id → X-Client-Type and
// authentication (both failures held back until the request is counted) → rate limits → the
// X-Client-Type failure (403, even when the token is missing or bad too: CONTRACT: Settled details)
// → the authentication failure (401) → scope → CSRF → input parsing → handler. Every failure,
// expected or not, leaves as a problem document carrying the request id.

export interface RouteContext<P, Q, B, A extends AuthContext | null> {
  request: Request;
  requestId: string;
  params: P;
  query: Q;
  body: B;
  auth: A;
  clientType: ClientType | null;
  clientAddress: string;
  db: Db;
}

interface RouteSpecBase<P, Q> {
  /** summary, answers and problems for the OpenAPI document (server/http/openapi) */
  doc: RouteDoc;
  tier: RateLimitTier;
  /** a per-address limit on top of the tier (spec: Limits: per-endpoint limits) */
  endpoint?: EndpointLimit;
  /** X-Client-Type must be web or mobile (default: required on JWT routes); `mobile`: only mobile */
  clientType?: ClientTypeRule;
  /** CSRF check for web sessions on state-changing methods (default true on JWT routes) */
  csrf?: boolean;
  scope?: Scope;
  /**
   * the body's missing fields are a 422 naming them with the rest, not the spec's general 400
   * (CONTRACT: Real history and hand-made activities: POST /activities: "Bad or missing fields → 422")
   */
  missingFieldsAre422?: boolean;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
}

type BodySpec<B> = { json: z.ZodType<B>; form?: never } | { form: z.ZodType<B>; json?: never } | { json?: never; form?: never };

type HandlerSpec<P, Q, B, M extends AuthMode> = {
  handler: (ctx: RouteContext<P, Q, B, M extends 'public' ? null : AuthContext>) => Promise<Response>;
  read?: never;
  readInput?: never;
};

/**
 * A GET of the caller's own data: the route names its read (server/services/<domain>/reads.ts)
 * and has no handler. The read runs in the session check's own statement and its answer is sent
 * as JSON text, with an ETag when it carries a version. Its input is the query, unless
 * `readInput` makes it from the path.
 */
type ReadSpec<P, Q, I> = {
  auth: 'jwt';
  read: Read<I, unknown, unknown>;
  readInput?: (input: { params: P; query: Q }) => I;
  handler?: never;
};

export type RouteSpec<P, Q, B, M extends AuthMode, I = unknown> = RouteSpecBase<P, Q> &
  BodySpec<B> & { auth: M } & (HandlerSpec<P, Q, B, M> | ReadSpec<P, Q, I>);

export type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = (request: Request, context: NextRouteContext) => Promise<Response>;

/** Everything a route declares except its code: what the OpenAPI generator reads. */
export type RouteMeta = RouteSpecBase<unknown, unknown> & BodySpec<unknown> & { auth: AuthMode };
/** `read`: the route's read, for the reads test (every read declared once) */
export type DocumentedRouteHandler = RouteHandler & { route: RouteMeta; read?: AnyRead };

export function routeMetaOf(handler: unknown): RouteMeta | undefined {
  return (handler as Partial<DocumentedRouteHandler> | undefined)?.route;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type ClientTypeRule = 'required' | 'optional' | 'mobile';

function readClientType(request: Request, rule: ClientTypeRule): ClientType | null {
  const value = request.headers.get('x-client-type');
  // spec: Login and tokens: the PKCE exchange is sent with X-Client-Type: mobile; a web client is
  // the spec's 400 "invalid client type" (the header itself is valid, so not the 403 below)
  if (value === 'web' && rule === 'mobile')
    throw new AppError('invalid_input', { detail: 'Invalid client type: this endpoint is for X-Client-Type "mobile".' });
  if (value === 'web' || value === 'mobile') return value;
  if (value === null && rule === 'optional') return null;
  throw new AppError('permission_denied', { detail: 'Invalid client type: X-Client-Type must be "web" or "mobile".' });
}

/** Settles the header before authentication; API-key requests need none (spec: Authentication mode 2). */
function settleClientType(request: Request, spec: { auth: AuthMode }, rule: ClientTypeRule): { clientType: ClientType | null; failure: unknown } {
  if (presentsApiKey(request, spec.auth)) return { clientType: null, failure: null };
  try {
    return { clientType: readClientType(request, rule), failure: null };
  } catch (failure) {
    return { clientType: null, failure };
  }
}

/** A decoded query or body, refused (422) when any of its text holds a NUL. */
function decoded<T>(value: T): T {
  assertNoNulBytes(value);
  return value;
}

function parseParams<P>(schema: z.ZodType<P>, raw: unknown): P {
  const result = schema.safeParse(raw);
  if (!result.success || JSON.stringify(raw ?? null).includes('\\u0000')) throw new AppError('not_found', { detail: 'No such resource.' });
  return result.data;
}

/**
 * Authentication, plus the route's read in the same statement when params and query parse
 * (otherwise the usual steps answer 404/422 after authentication, as without a read).
 */
async function authenticateRoute<P, Q, I>(
  db: Db,
  request: Request,
  spec: { auth: AuthMode; params?: z.ZodType<P>; query?: z.ZodType<Q>; read?: Read<I, unknown, unknown>; readInput?: (input: { params: P; query: Q }) => I },
  address: string,
  nextContext: NextRouteContext,
): Promise<{ auth: AuthContext | null; answer: Answer<unknown> | undefined }> {
  const token = spec.read ? bearerToken(request.headers) : null;
  const params = token && spec.params ? spec.params.safeParse(await nextContext.params) : { success: true as const, data: undefined as P };
  const query =
    token && spec.query
      ? spec.query.safeParse(Object.fromEntries([...new URL(request.url).searchParams].filter(([key, value]) => !`${key}${value}`.includes('\0'))))
      : { success: true as const, data: undefined as Q };
  if (!spec.read || !token || !params.success || !query.success) return { auth: await authenticate(db, request, spec.auth, address), answer: undefined };
  const input = spec.readInput ? spec.readInput({ params: params.data, query: query.data }) : (query.data as unknown as I);
  return runRead(db, spec.read, token, input);
}

/** A read's answer on the wire: its JSON text as it is, with an ETag when it carries a version. */
function answerResponse(answer: Answer<unknown> | undefined): Response {
  // authenticateRoute read it whenever params and query parse, and they did to get here
  if (!answer) throw new AppError('internal', { detail: 'The read was not run.' });
  return jsonText(answer.json, answer.version === undefined ? {} : { headers: { etag: etagOf(answer.version) } });
}

export function defineRoute<P = undefined, Q = undefined, B = undefined, M extends AuthMode = AuthMode, I = unknown>(
  spec: RouteSpec<P, Q, B, M, I>,
): DocumentedRouteHandler {
  const clientTypeRule = spec.clientType ?? (spec.auth === 'jwt' ? 'required' : 'optional');
  const csrfEnabled = spec.csrf ?? spec.auth !== 'public';

  const { handler, read, readInput: _readInput, ...declared } = spec;
  // a read's input is the route's query unless the route makes it from the path
  const meta = read && !spec.readInput && read.input && !spec.query ? { ...declared, query: read.input } : declared;
  const query = meta.query as z.ZodType<Q> | undefined;
  const serve: RouteHandler = async (request, nextContext) => {
    const requestId = requestIdFrom(request.headers);
    const instance = new URL(request.url).pathname;
    return withLogContext({ request_id: requestId }, async () => {
      let address: string | undefined;
      try {
        const db = await openDb().catch((error: unknown) => {
          log().error({ err: error }, 'the database is not available');
          throw databaseUnavailable(error);
        });
        address = clientAddress(request.headers);
        const settled = settleClientType(request, spec, clientTypeRule);
        // A request that fails authentication is still counted, per address in the
        // route's tier ("per session when signed in, else per address"), before its 401 leaves.
        const authentication = await authenticateRoute(db, request, { ...spec, query }, address, nextContext).then(
          (result) => ({ ...result, failure: null }),
          (failure: unknown) => ({ auth: null, answer: undefined, failure }),
        );
        const { auth } = authentication;
        await enforceRateLimits({ tier: spec.tier, endpoint: spec.endpoint, callerKey: callerKey(auth, address), clientAddress: address });
        if (settled.failure) throw settled.failure;
        if (authentication.failure) throw authentication.failure;
        const clientType = settled.clientType;
        if (spec.scope && auth && !auth.scopes.includes(spec.scope)) {
          throw new AppError('permission_denied', { code: 'scope_missing', detail: `Insufficient permissions: this needs the "${spec.scope}" scope.` });
        }
        if (csrfEnabled && auth?.via === 'access_token' && auth.clientType === 'web' && STATE_CHANGING.has(request.method)) {
          assertCsrf((auth as SessionAuthContext).csrfTokenHash, request.headers.get('x-csrf-token'));
        }
        const rawParams = await nextContext.params;
        const params = spec.params ? parseParams(spec.params, rawParams) : (undefined as P);
        // spec: Errors: missing fields are a 400 naming them, on every query and body; wrong values a 422
        const parsedQuery = query ? parseOr400WhenMissing(query, decoded(Object.fromEntries(new URL(request.url).searchParams))) : (undefined as Q);
        const body = spec.json
          ? (spec.missingFieldsAre422 ? parseOr422 : parseOr400WhenMissing)(spec.json, decoded(await readBody(request, 'json')))
          : spec.form
            ? parseOr400WhenMissing(spec.form, decoded(await readBody(request, 'form')))
            : (undefined as B);
        const response = handler
          ? await handler({ request, requestId, params, query: parsedQuery, body, auth, clientType, clientAddress: address, db } as never)
          : answerResponse(authentication.answer);
        response.headers.set('x-request-id', requestId);
        return response;
      } catch (error) {
        if (error instanceof AppError && error.status >= 500) log().error({ err: error }, error.detail);
        logSecurityRefusal(error, { path: instance, clientAddress: address });
        return problemResponse(error, { instance, requestId });
      }
    });
  };
  return Object.assign(serve, { route: meta as RouteMeta, read: read as AnyRead | undefined });
}
