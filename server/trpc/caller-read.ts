import type { Db } from '@/db/client';
import type { AuthContext } from '@/server/auth/auth-context';
import { AppError } from '@/server/errors';
import type { SessionAuthContext } from '@/server/services/sessions/resolve-access-token';
import type { KeptAnswer } from '@/server/services/sessions/read-kept-per-version';
import type { SessionRead } from '@/server/services/sessions/session-row';

/**
 * A service's read for the signed-in caller: the SessionRead its REST twin runs along the session
 * check (define-route's sessionRead), so both transports answer an operation with one read and
 * its engine fast paths. Procedures authenticate by access token, so the caller has a session;
 * one ended since the procedure's check is the same 401.
 */
export async function callerRead<R>(ctx: { db: Db; user: AuthContext }, read: SessionRead<R>): Promise<R> {
  const found = await read(ctx.db, (ctx.user as SessionAuthContext).sessionId);
  if (!found) throw new AppError('unauthorized', { detail: 'The session has ended. Sign in again.' });
  return found.value;
}

/** A kept read's value (services/sessions/read-kept-per-version.ts) for the signed-in caller. */
export async function callerKeptRead<R>(ctx: { db: Db; user: AuthContext }, read: SessionRead<KeptAnswer<R>>): Promise<R> {
  return (await callerRead(ctx, read)).value;
}
