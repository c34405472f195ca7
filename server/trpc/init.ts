import { initTRPC, TRPCError } from '@trpc/server';
import { AppError, errorKinds } from '@/server/errors';
import { assertCsrf } from '@/server/http/csrf-guard';
import { requireAdmin } from '@/server/http/guards';
import { toAppError } from '@/server/http/problem';
import { enforceRateLimits, type RateLimitTier } from '@/server/rate-limit';
import type { SessionAuthContext } from '@/server/services/sessions/resolve-access-token';
import type { TrpcContext } from './context';

// The only shaper of tRPC errors: AppErrors keep their problem type, detail and code, so the UI
// shows the same messages REST clients get; anything else is a generic 500.
const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const appError = error.cause instanceof AppError ? error.cause : error.code === 'INTERNAL_SERVER_ERROR' ? toAppError(error.cause ?? error) : null;
    const problem = appError
      ? { type: errorKinds[appError.kind].type, status: appError.status, detail: appError.detail, code: appError.code ?? null, errors: appError.errors ?? null }
      : null;
    return { ...shape, message: problem?.detail ?? shape.message, data: { ...shape.data, stack: undefined, problem } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

function trpcError(error: AppError): TRPCError {
  return new TRPCError({ code: errorKinds[error.kind].trpc, message: error.detail, cause: error });
}

/** AppErrors thrown by services become tRPC errors with their problem attached. */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) throw trpcError(result.error.cause);
  return result;
});

export const publicProcedure = t.procedure.use(mapErrors);

/** Signed-in procedures: access token, per-session rate limit, CSRF on mutations of web sessions. */
export function authedProcedure(tier: RateLimitTier) {
  return publicProcedure.use(async ({ ctx, type, next }) => {
    const auth = await ctx.auth().catch((error: unknown) => {
      throw trpcError(toAppError(error));
    });
    if (!auth) throw trpcError(new AppError('unauthorized', { detail: 'Not signed in.' }));
    try {
      await enforceRateLimits({ tier, callerKey: `session:${auth.sessionId}`, clientAddress: ctx.clientAddress });
      if (type === 'mutation' && auth.clientType === 'web') {
        assertCsrf((auth as SessionAuthContext).csrfTokenHash, ctx.headers.get('x-csrf-token'));
      }
    } catch (error) {
      throw trpcError(toAppError(error));
    }
    return next({ ctx: { ...ctx, user: auth } });
  });
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
