import { AppError } from '../errors';
import type { ClientType } from '@/server/auth/auth-context';
import { bearerToken } from './authenticate';
import { readCookie, REFRESH_COOKIE } from './cookies';

/** spec: refresh/logout: web sends the refresh token as the cookie, mobile as the Bearer token. */
export function refreshTokenFrom(headers: Headers, clientType: ClientType): string {
  const token = clientType === 'web' ? readCookie(headers, REFRESH_COOKIE) : bearerToken(headers);
  if (!token) {
    const where = clientType === 'web' ? `the ${REFRESH_COOKIE} cookie` : 'Authorization: Bearer <refresh token>';
    throw new AppError('unauthorized', { detail: `No refresh token: send ${where}.` });
  }
  return token;
}
