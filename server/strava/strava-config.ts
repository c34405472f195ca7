import { env, type Env } from '@/server/env';
import { AppError } from '@/server/errors';

// Strava's hosts and our application's credentials, from the environment (CONTRACT: Strava:
// STRAVA_API_BASE_URL, STRAVA_OAUTH_BASE_URL default to Strava's real hosts; tests point them at
// the double). The callback is ours: Strava sends the browser back to it.

export const STRAVA_PROVIDER = 'strava';
/** CONTRACT: Settled 2026-11-23: a personal tracker wants private activities too. */
export const STRAVA_SCOPES = ['read', 'activity:read_all'];

export interface StravaConfig {
  clientId: string;
  clientSecret: string;
  apiBaseUrl: string;
  oauthBaseUrl: string;
  redirectUri: string;
}

type Credentials = Pick<Env, 'STRAVA_CLIENT_ID' | 'STRAVA_CLIENT_SECRET'>;

function credentialsOf(e: Credentials): { clientId: string; clientSecret: string } | null {
  return e.STRAVA_CLIENT_ID && e.STRAVA_CLIENT_SECRET ? { clientId: e.STRAVA_CLIENT_ID, clientSecret: e.STRAVA_CLIENT_SECRET } : null;
}

/** Whether this server has Strava's credentials: without them the web app offers no Connect (issue 50). */
export function stravaConfigured(e: Credentials = env()): boolean {
  return credentialsOf(e) !== null;
}

export function stravaConfig(): StravaConfig {
  const e = env();
  const credentials = credentialsOf(e);
  if (!credentials) {
    throw new AppError('service_unavailable', { detail: 'Strava is not configured on this server (STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET).' });
  }
  return {
    ...credentials,
    apiBaseUrl: e.STRAVA_API_BASE_URL.replace(/\/+$/, ''),
    oauthBaseUrl: e.STRAVA_OAUTH_BASE_URL.replace(/\/+$/, ''),
    redirectUri: new URL('/api/v1/strava/callback', e.PUBLIC_URL).toString(),
  };
}
