import { systemNowMs } from '@/server/clock';
import { env } from '../env';

// spec: Refresh cookie: HttpOnly, Secure when FRONTEND_PROTOCOL=https, SameSite=Strict, Path=/,
// expiring with the refresh token.
export const REFRESH_COOKIE = 'service_refresh_token';

function attributes(maxAgeSeconds: number): string {
  const expires = new Date(systemNowMs() + maxAgeSeconds * 1000).toUTCString();
  const secure = env().FRONTEND_PROTOCOL === 'https' ? '; Secure' : '';
  return `Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}; Expires=${expires}${secure}`;
}

export function refreshCookie(token: string, maxAgeSeconds: number): string {
  return `${REFRESH_COOKIE}=${token}; ${attributes(maxAgeSeconds)}`;
}

function cleared(name: string): string {
  return `${name}=; ${attributes(0).replace(/Expires=[^;]+/, 'Expires=Thu, 01 Jan 1970 00:00:00 GMT')}`;
}

export function clearedRefreshCookie(): string {
  return cleared(REFRESH_COOKIE);
}

// CONTRACT: hardening: web clients hold the pending MFA login's mfa_token as an HttpOnly,
// SameSite=Strict cookie, so page scripts never see it; it lives as long as the pending login.
export const MFA_TOKEN_COOKIE = 'service_mfa_token';

export function mfaTokenCookie(token: string, maxAgeSeconds: number): string {
  return `${MFA_TOKEN_COOKIE}=${token}; ${attributes(maxAgeSeconds)}`;
}

export function clearedMfaTokenCookie(): string {
  return cleared(MFA_TOKEN_COOKIE);
}

/** Every value sent under the name: a sibling subdomain can plant a second cookie of our name. */
export function cookieValues(headers: Headers, name: string): string[] {
  const values: string[] = [];
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) values.push(part.slice(eq + 1).trim());
  }
  return values;
}

export function readCookie(headers: Headers, name: string): string | null {
  return cookieValues(headers, name)[0] || null;
}

// An OAuth state bound to the browser that started the flow (spec: Authentication rule 12):
// the callback accepts a state only with this cookie beside it. SameSite=Lax: the provider's
// redirect back is a cross-site top-level GET, which Strict would strip.
function stateCookie(name: string, path: string, state: string, maxAgeSeconds: number): string {
  const secure = env().FRONTEND_PROTOCOL === 'https' ? '; Secure' : '';
  return `${name}=${state}; Path=${path}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

export const SSO_STATE_COOKIE = 'stride_sso_state';
const SSO_STATE_PATH = '/api/v1/public/idp/callback';

export function ssoStateCookie(state: string): string {
  return stateCookie(SSO_STATE_COOKIE, SSO_STATE_PATH, state, env().OAUTH_STATE_TTL_SECONDS);
}

export function clearedSsoStateCookie(): string {
  return stateCookie(SSO_STATE_COOKIE, SSO_STATE_PATH, '', 0);
}

// CONTRACT: Strava (changed 2026-11-25): the link's state, set by GET /strava/link (and its tRPC
// twin), read by the callback only.
export const STRAVA_STATE_COOKIE = 'stride_strava_state';
const STRAVA_STATE_PATH = '/api/v1/strava/callback';

export function stravaStateCookie(state: string): string {
  return stateCookie(STRAVA_STATE_COOKIE, STRAVA_STATE_PATH, state, env().OAUTH_STATE_TTL_SECONDS);
}

export function clearedStravaStateCookie(): string {
  return stateCookie(STRAVA_STATE_COOKIE, STRAVA_STATE_PATH, '', 0);
}
