import type { Db } from '@/db/client';
import { env } from '../env';
import { AppError } from '../errors';
import { log } from '../log/logger';
import { authenticateApiKey } from '../services/api-keys/authenticate-api-key';
import { resolveAccessToken } from '../services/sessions/resolve-access-token';
import type { AuthContext } from '@/server/auth/auth-context';

/** public: no credentials; jwt: an access token; upload: an access token or an API key. */
export type AuthMode = 'public' | 'jwt' | 'upload';

const missing = () =>
  new AppError('unauthorized', { detail: 'Not authenticated: send Authorization: Bearer <access token>.', headers: { 'WWW-Authenticate': 'Bearer' } });

export function bearerToken(headers: Headers): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '');
  return match ? match[1]! : null;
}

/** spec: Authentication mode 2: the header wins; the query form only when ALLOW_API_KEY_QUERY_PARAM is on. */
function apiKeyFrom(request: Request): { key: string; viaQuery: boolean } | null {
  const header = request.headers.get('x-api-key');
  if (header) return { key: header.trim(), viaQuery: false };
  if (!env().ALLOW_API_KEY_QUERY_PARAM) return null;
  const query = new URL(request.url).searchParams.get('api_key');
  return query ? { key: query, viaQuery: true } : null;
}

/** The upload's API-key requests: they bypass the X-Client-Type requirement (spec: Authentication mode 2). */
export function presentsApiKey(request: Request, mode: AuthMode): boolean {
  return mode === 'upload' && apiKeyFrom(request) !== null;
}

export async function authenticate(db: Db, request: Request, mode: AuthMode, clientAddress: string): Promise<AuthContext | null> {
  if (mode === 'public') return null;
  const apiKey = apiKeyFrom(request);
  const bearer = bearerToken(request.headers);
  if (mode === 'upload' && apiKey) {
    if (apiKey.viaQuery) log().warn({ client_address: clientAddress }, 'API key sent in the query string: it may end up in proxy and server logs');
    return authenticateApiKey(db, apiKey.key, { endpoint: new URL(request.url).pathname, clientAddress });
  }
  if (!bearer) {
    // CONTRACT: Settled details: an API key on any endpoint but the upload authenticates nothing: 401
    if (apiKey) throw new AppError('unauthorized', { detail: 'API keys are accepted only by the activity upload.' });
    throw missing();
  }
  return resolveAccessToken(db, bearer);
}
