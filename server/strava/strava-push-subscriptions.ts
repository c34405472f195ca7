import { env } from '@/server/env';
import { AppError } from '@/server/errors';
import { stravaConfig } from './strava-config';

// Strava's push subscription API (developers.strava.com/docs/webhooks): one subscription per
// application, managed with the application's client_id and client_secret (no athlete token).
// Used by the services of server/services/strava/push (the admin page and `npm run strava-push`).
// Strava refusing, or not answering, is an `upstream` problem (502) carrying what Strava said.

export interface StravaPushSubscription {
  id: number;
  callback_url: string;
  created_at?: string;
}

/** Where Strava sends the validation GET and the events: PUBLIC_URL + /api/v1/strava/webhook. */
export function stravaPushCallbackUrl(): string {
  return new URL('/api/v1/strava/webhook', env().PUBLIC_URL).toString();
}

async function call<T>(method: string, path: string, form?: Record<string, string>): Promise<T> {
  const { apiBaseUrl, clientId, clientSecret } = stravaConfig();
  const credentials = { client_id: clientId, client_secret: clientSecret };
  const url = new URL(`${apiBaseUrl}${path}`);
  if (!form) for (const [k, v] of Object.entries(credentials)) url.searchParams.set(k, v);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method,
      ...(form ? { body: new URLSearchParams({ ...credentials, ...form }) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
    text = await response.text();
  } catch (error) {
    throw new AppError('upstream', { detail: `Strava did not answer ${method} ${path}.`, cause: error });
  }
  if (!response.ok) throw new AppError('upstream', { detail: `Strava answered ${response.status} to ${method} ${path}: ${text.slice(0, 500)}` });
  return (text ? JSON.parse(text) : null) as T;
}

/** Strava validates the callback (GET with hub.challenge) before it answers: the server must be reachable. */
export function createStravaPushSubscription(verifyToken: string, callbackUrl = stravaPushCallbackUrl()): Promise<{ id: number }> {
  return call('POST', '/push_subscriptions', { callback_url: callbackUrl, verify_token: verifyToken });
}

export function listStravaPushSubscriptions(): Promise<StravaPushSubscription[]> {
  return call('GET', '/push_subscriptions');
}

export async function deleteStravaPushSubscription(id: number): Promise<void> {
  await call('DELETE', `/push_subscriptions/${id}`);
}
