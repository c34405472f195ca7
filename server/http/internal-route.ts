import { timingSafeEqual } from 'node:crypto';
import type { Db } from '@/db/client';
import { INTERNAL_SECRET_HEADER, readInternalSecret } from '../process-claim/running-server';
import { env } from '../env';
import { AppError, databaseUnavailable } from '../errors';
import { log } from '../log/logger';
import { PEER_HEADER } from '../rate-limit';
import { db as openDb } from '../runtime';
import { problemResponse } from './problem';
import { requestIdFrom } from './request-id';

// Endpoints for processes on the server's own machine (the import and export CLIs hand their
// job to the running server: process-claim/running-server.ts). Not part of the REST contract. Two locks: the
// socket peer must be loopback (our HTTP server stamps PEER_HEADER from the socket, so a client
// cannot fake it; without it, e.g. under `next dev`, nothing is let in), and the secret from the
// 0600 file in DATA_DIR must be presented.

export type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

function sameSecret(sent: string | null, expected: string | null): boolean {
  if (!sent || !expected) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function internalRoute(handler: (ctx: { request: Request; db: Db; params: Record<string, string | string[] | undefined> }) => Promise<Response>) {
  return async (request: Request, context: NextContext): Promise<Response> => {
    const requestId = requestIdFrom(request.headers);
    const instance = new URL(request.url).pathname;
    const peer = request.headers.get(PEER_HEADER) ?? '';
    try {
      if (!LOOPBACK.test(peer)) throw new AppError('permission_denied', { detail: 'Internal endpoints answer only on loopback.' });
      if (!sameSecret(request.headers.get(INTERNAL_SECRET_HEADER), readInternalSecret(env().DATA_DIR))) {
        throw new AppError('unauthorized', { detail: `Not authenticated: send ${INTERNAL_SECRET_HEADER} with the secret of the server's data directory.` });
      }
      const db = await openDb().catch((error: unknown) => {
        throw databaseUnavailable(error);
      });
      const response = await handler({ request, db, params: await context.params });
      response.headers.set('x-request-id', requestId);
      return response;
    } catch (error) {
      if (error instanceof AppError && error.status < 500)
        log().warn({ path: instance, client_address: peer, status: error.status }, 'internal endpoint refused');
      return problemResponse(error, { instance, requestId });
    }
  };
}
