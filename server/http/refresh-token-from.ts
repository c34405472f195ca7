import { AppError } from '../errors';
import type { ClientType } from '@/server/auth/auth-context';
import { bearerToken } from './authenticate';
import { cookieValues, readCookie, REFRESH_COOKIE } from './cookies';

/** spec: refresh/logout: web sends the refresh token as the cookie, mobile as the Bearer token. */
export function refreshTokenFrom(headers: Headers, clientType: ClientType): string {
  // Two cookies of our name (one planted for a parent domain or another path) are refused,
  // never resolved by order: the browser's order would pick which session the request acts in
  if (clientType === 'web' && cookieValues(headers, REFRESH_COOKIE).length > 1) {
    throw new AppError('unauthorized', { detail: `More than one ${REFRESH_COOKIE} cookie was sent. Sign in again.` });
  }
  const token = clientType === 'web' ? readCookie(headers, REFRESH_COOKIE) : bearerToken(headers);
  if (!token) {
    const where = clientType === 'web' ? `the ${REFRESH_COOKIE} cookie` : 'Authorization: Bearer <refresh token>';
    throw new AppError('unauthorized', { detail: `No refresh token: send ${where}.` });
  }
  return token;
}
