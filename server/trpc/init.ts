import { initTRPC, TRPCError } from '@trpc/server';
import { z } from 'zod';
import { isDatabaseUnavailable } from '@/db/unavailable';
import { AppError, errorKinds } from '@/server/errors';
import { callerKey, type AuthContext } from '@/server/auth/auth-context';
import { assertCsrf } from '@/server/auth/csrf-guard';
import { requireAdmin } from '@/server/http/guards';
import { assertNoNulBytes } from '@/server/http/nul-bytes';
import { toAppError } from '@/server/http/problem';
import { logSecurityRefusal } from '@/server/http/security-log';
import { enforceRateLimits, type RateLimitTier } from '@/server/rate-limit';
import { bearerToken } from '@/server/http/authenticate';
import type { Answer, AnyRead, Read } from '@/server/services/reads/define-read';
import { runRead } from '@/server/services/reads/run-read';
import type { SessionAuthContext } from '@/server/services/sessions/resolve-access-token';
import type { TrpcContext } from './context';

/** `read`: a readProcedure's read, for the reads test (every read declared once) */
export interface ProcedureMeta {
  read?: AnyRead;
}

function retryAfterOf(error: AppError): number | null {
  const entry = Object.entries(error.headers ?? {}).find(([name]) => name.toLowerCase() === 'retry-after');
  const seconds = entry ? Number(entry[1]) : Number.NaN;
  return Number.isFinite(seconds) ? seconds : null;
}

// The only shaper of tRPC errors: AppErrors keep their problem type, detail and code, so the UI
// shows the same messages REST clients get; anything else is a generic 500.
const t = initTRPC
  .context<TrpcContext>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const appError = error.cause instanceof AppError ? error.cause : error.code === 'INTERNAL_SERVER_ERROR' ? toAppError(error.cause ?? error) : null;
      const problem = appError
        ? {
            type: errorKinds[appError.kind].type,
            status: appError.status,
            detail: appError.detail,
            code: appError.code ?? null,
            errors: appError.errors ?? null,
            // seconds to wait (429, 503): the web app retries by itself after them
            retry_after: retryAfterOf(appError),
          }
        : null;
      return { ...shape, message: problem?.detail ?? shape.message, data: { ...shape.data, stack: undefined, problem } };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

function trpcError(error: AppError): TRPCError {
  return new TRPCError({ code: errorKinds[error.kind].trpc, message: error.detail, cause: error });
}

/** AppErrors thrown by services become tRPC errors with their problem attached; refusals are logged. */
const mapErrors = t.middleware(async ({ ctx, path, next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    logSecurityRefusal(result.error.cause, { path: `trpc:${path}`, clientAddress: ctx.clientAddress });
    throw trpcError(result.error.cause);
  }
  // A database that cannot be reached is a 503 here too, not an internal error
  if (!result.ok && isDatabaseUnavailable(result.error.cause)) throw trpcError(toAppError(result.error.cause));
  return result;
});

/** A NUL in any input text is a 422 naming the member, before the input reaches a statement. */
const refuseNulBytes = t.middleware(async ({ getRawInput, next }) => {
  try {
    assertNoNulBytes(await getRawInput());
  } catch (error) {
    throw trpcError(toAppError(error));
  }
  return next();
});

const baseProcedure = t.procedure.use(mapErrors).use(refuseNulBytes);

async function limitOrThrow(ctx: TrpcContext, tier: RateLimitTier, auth: AuthContext | null): Promise<void> {
  try {
    // a signed-in session counts in the web app's tiers (server/rate-limit/policies.ts webTierPolicies)
    await enforceRateLimits({ tier, callerKey: callerKey(auth, ctx.clientAddress), clientAddress: ctx.clientAddress, transport: auth ? 'web' : 'rest' });
  } catch (error) {
    throw trpcError(toAppError(error));
  }
}

/** Public procedures: counted per client address in the tier of their REST twin. */
export function publicProcedure(tier: RateLimitTier) {
  return baseProcedure.use(async ({ ctx, next }) => {
    await limitOrThrow(ctx, tier, null);
    return next();
  });
}

/**
 * Signed-in procedures: access token, per-session rate limit, CSRF on mutations of web sessions.
 * A missing or failed token is counted per address before its 401 leaves, as on REST.
 */
export function authedProcedure(tier: RateLimitTier) {
  return baseProcedure.use(async ({ ctx, type, next }) => {
    const authentication = await ctx.auth().then(
      (auth) => ({ auth, failure: null }),
      (failure: unknown) => ({ auth: null, failure }),
    );
    const auth = authentication.auth;
    await limitOrThrow(ctx, tier, auth);
    if (authentication.failure) throw trpcError(toAppError(authentication.failure));
    if (!auth) throw trpcError(new AppError('unauthorized', { detail: 'Not signed in.' }));
    if (type === 'mutation' && auth.clientType === 'web') {
      try {
        assertCsrf((auth as SessionAuthContext).csrfTokenHash, ctx.headers.get('x-csrf-token'));
      } catch (error) {
        throw trpcError(toAppError(error));
      }
    }
    return next({ ctx: { ...ctx, user: auth } });
  });
}

/**
 * A read of the caller's own data (server/services/<domain>/reads.ts) as a query: the read, or
 * its kept answer, comes with the session check's own statement, as on its REST route. An input
 * that does not parse is authenticated alone first, so a missing token is still the 401.
 */
export function readProcedure<I, R, In>(tier: RateLimitTier, read: Read<I, R, In>) {
  const procedure = baseProcedure.meta({ read: read as AnyRead }).use(async ({ ctx, getRawInput, next }) => {
    const token = bearerToken(ctx.headers);
    const input = read.input ? read.input.safeParse(await getRawInput()) : { success: true as const, data: undefined as I };
    const authentication = await (
      token && input.success ? runRead(ctx.db, read, token, input.data) : ctx.auth().then((auth) => ({ auth, answer: undefined }))
    ).then(
      (result) => ({ ...result, failure: null }),
      (failure: unknown) => ({ auth: null, answer: undefined, failure }),
    );
    const auth = authentication.auth;
    await limitOrThrow(ctx, tier, auth);
    if (authentication.failure) throw trpcError(toAppError(authentication.failure));
    if (!auth) throw trpcError(new AppError('unauthorized', { detail: 'Not signed in.' }));
    return next({ ctx: { ...ctx, user: auth, answer: authentication.answer as Answer<R> | undefined } });
  });
  // the answer's value, or its database-written JSON read back through the response schema
  const resolve = ({ ctx }: { ctx: { answer: Answer<R> | undefined } }): R => {
    // the middleware read it whenever the input parses, and it did to get here
    if (!ctx.answer) throw trpcError(new AppError('internal', { detail: 'The read was not run.' }));
    return ctx.answer.value !== undefined ? ctx.answer.value : read.response.parse(JSON.parse(ctx.answer.json));
  };
  // a read that takes no input takes undefined (the client's useQuery() with no argument)
  return procedure.input((read.input ?? z.void()) as z.ZodType<I, undefined extends In ? void : In>).query(resolve);
}

/** Administrator procedures: the same requireAdmin guard the REST admin routes use. */
export function adminProcedure(tier: RateLimitTier) {
  return authedProcedure(tier).use(({ ctx, next }) => {
    try {
      requireAdmin(ctx.user);
    } catch (error) {
      throw trpcError(toAppError(error));
    }
    return next();
  });
}
