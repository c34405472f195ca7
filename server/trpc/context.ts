import { TRPCError } from '@trpc/server';
import type { Db } from '@/db/client';
import { databaseUnavailable } from '@/server/errors';
import type { AuthContext } from '@/server/auth/auth-context';
import { authenticate, bearerToken } from '@/server/http/authenticate';
import { clientAddress } from '@/server/rate-limit';
import { requestIdFrom } from '@/server/http/request-id';
import { db as openDb } from '@/server/runtime';

export interface TrpcContext {
  db: Db;
  requestId: string;
  clientAddress: string;
  headers: Headers;
  /** headers added to the answer: a procedure that starts an OAuth flow binds its state with a cookie */
  resHeaders: Headers;
  /** null when the request carries no access token; a bad token fails in the procedure guard */
  auth: () => Promise<AuthContext | null>;
}

/** The same authentication as the REST routes: an access token, resolved against its session. */
export async function createTrpcContext({
  req,
  requestId,
  resHeaders = new Headers(),
}: {
  req: Request;
  requestId?: string;
  resHeaders?: Headers;
}): Promise<TrpcContext> {
  const db = await openDb().catch((error: unknown) => {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'The database is not available.', cause: databaseUnavailable(error) });
  });
  const address = clientAddress(req.headers);
  let resolved: Promise<AuthContext | null> | undefined;
  return {
    db,
    requestId: requestId ?? requestIdFrom(req.headers),
    clientAddress: address,
    headers: req.headers,
    resHeaders,
    auth: () => (resolved ??= bearerToken(req.headers) ? authenticate(db, req, 'jwt', address) : Promise.resolve(null)),
  };
}
