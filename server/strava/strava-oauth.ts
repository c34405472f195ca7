import { Strava } from 'arctic';
import { z } from 'zod';
import { AppError } from '@/server/errors';
import { STRAVA_SCOPES, stravaConfig } from './strava-config';

// Strava's OAuth (developers.strava.com/docs/authentication). arctic's Strava provider builds the
// authorize URL (Strava joins scopes with commas, not spaces) but hard-codes www.strava.com, so
// the URL is moved onto STRAVA_OAUTH_BASE_URL, and the two token calls are posted here to
// `<STRAVA_OAUTH_BASE_URL>/oauth/token` with the client credentials in the form, as Strava asks.

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_at: z.number().int(),
  athlete: z.object({ id: z.number().int() }).optional(),
});

export interface StravaTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  athleteId: number | null;
}

export function stravaAuthorizationUrl(state: string): URL {
  const config = stravaConfig();
  const url = new Strava(config.clientId, config.clientSecret, config.redirectUri).createAuthorizationURL(state, STRAVA_SCOPES);
  const moved = new URL(`${config.oauthBaseUrl}/oauth/authorize`);
  moved.search = url.search;
  // "auto": an athlete who already granted access is sent straight back
  moved.searchParams.set('approval_prompt', 'auto');
  return moved;
}

/** Thrown when Strava refuses a code or a refresh token (400/401): the link must be made again. */
export class StravaGrantRefused extends Error {}

async function postToken(form: Record<string, string>): Promise<StravaTokens> {
  const config = stravaConfig();
  const body = new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, ...form });
  let response: Response;
  try {
    response = await fetch(`${config.oauthBaseUrl}/oauth/token`, { method: 'POST', body, signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    throw new AppError('failed_dependency', { detail: 'Strava could not be reached.', cause: error });
  }
  if (response.status === 400 || response.status === 401) throw new StravaGrantRefused(`Strava refused the grant (${response.status})`);
  const parsed = response.ok ? tokenAnswer.safeParse(await response.json().catch(() => null)) : null;
  if (!parsed?.success) throw new AppError('failed_dependency', { detail: `Strava's token endpoint answered ${response.status}.` });
  const t = parsed.data;
  return { accessToken: t.access_token, refreshToken: t.refresh_token, expiresAt: new Date(t.expires_at * 1000), athleteId: t.athlete?.id ?? null };
}

export function exchangeStravaCode(code: string): Promise<StravaTokens> {
  return postToken({ grant_type: 'authorization_code', code });
}

export function refreshStravaTokens(refreshToken: string): Promise<StravaTokens> {
  return postToken({ grant_type: 'refresh_token', refresh_token: refreshToken });
}
