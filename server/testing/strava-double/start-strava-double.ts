import type { Db } from '@/db/client';
import { nowMs } from '@/server/clock';
import { loginWithPassword } from '@/server/services/auth/login-with-password';
import { completeStravaLink, type StravaLinkOutcome } from '@/server/services/strava/complete-strava-link';
import { createStravaLinkUrl } from '@/server/services/strava/create-strava-link-url';
import { createUser } from '@/server/services/users/create-user';
// not a React hook, whatever its name says: the alias keeps the hooks lint rule out of tests
import { useTestEnv as applyTestEnv } from '../test-env';
import { StravaDouble, type StravaDoubleOptions } from './strava-double';

/**
 * A started double on the rate-limit module's clock (setClockForTests moves both), and a test
 * configuration whose Strava hosts point at it.
 */
export async function startStravaDouble(options: StravaDoubleOptions = {}, env: Record<string, string> = {}): Promise<StravaDouble> {
  const double = new StravaDouble({ clock: nowMs, ...options });
  await double.start();
  applyTestEnv({ ...stravaDoubleEnv(double), ...env });
  return double;
}

/** The configuration that points Strava's hosts at a started double (to apply again with overrides). */
export function stravaDoubleEnv(double: StravaDouble): Record<string, string> {
  return {
    STRAVA_CLIENT_ID: double.clientId,
    STRAVA_CLIENT_SECRET: double.clientSecret,
    STRAVA_API_BASE_URL: `${double.url}/api/v3`,
    STRAVA_OAUTH_BASE_URL: double.url,
    PUBLIC_URL: 'http://127.0.0.1:3000',
  };
}

/** A regular user and a mobile access token for it. */
export async function userWithToken(db: Db, username: string): Promise<{ userId: number; accessToken: string }> {
  const password = `${username}-password-1`;
  const user = await createUser(db, { username, email: `${username}@example.com`, name: username, password, access_type: 'regular' });
  const result = await loginWithPassword(db, { username, password, origin: { clientType: 'mobile', ipAddress: '10.9.0.1', userAgent: 'vitest' } });
  if (result.kind !== 'tokens') throw new Error('expected tokens');
  return { userId: user.id, accessToken: result.tokens.accessToken };
}

/** The link as one browser runs it: start, Strava's consent page (the double approves), and the callback with the state cookie. */
export async function linkStravaThroughDouble(db: Db, userId: number): Promise<StravaLinkOutcome> {
  const started = await createStravaLinkUrl(db, userId);
  const consent = await fetch(started.authorizationUrl, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  return completeStravaLink(db, { ...Object.fromEntries(back.searchParams), browserState: started.state });
}
