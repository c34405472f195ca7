import { env } from '../env';

// Spec "Refresh cookie": HttpOnly, Secure when FRONTEND_PROTOCOL=https, SameSite=Strict, Path=/,
// expiring with the refresh token.
export const REFRESH_COOKIE = 'service_refresh_token';

function attributes(maxAgeSeconds: number): string {
  const expires = new Date(Date.now() + maxAgeSeconds * 1000).toUTCString();
  const secure = env().FRONTEND_PROTOCOL === 'https' ? '; Secure' : '';
  return `Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}; Expires=${expires}${secure}`;
}

export function refreshCookie(token: string, maxAgeSeconds: number): string {
  return `${REFRESH_COOKIE}=${token}; ${attributes(maxAgeSeconds)}`;
}

export function clearedRefreshCookie(): string {
  return `${REFRESH_COOKIE}=; ${attributes(0).replace(/Expires=[^;]+/, 'Expires=Thu, 01 Jan 1970 00:00:00 GMT')}`;
}

export function readCookie(headers: Headers, name: string): string | null {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}
