import { stravaConfig } from './strava-config';
import { recordStravaBudgets, stravaRateLimitedUntil } from './strava-quota';

// The one way Stride calls Strava's API. Before a call: no request while the shared provider flag
// is set. After it: the rate-limit headers of every answer (strava-quota.ts). Failures come out as
// the three kinds the sync tells apart: quota (wait), auth (reconnect), anything else (fetch).

/** Strava may not be called before `until` (the provider flag is set). */
export class StravaRateLimited extends Error {
  constructor(readonly until: Date) {
    super(`Strava's rate limit: wait until ${until.toISOString()}`);
  }
}

/** Strava answered 401: the token is revoked or lacks the scope; the user must reconnect. */
export class StravaUnauthorized extends Error {}

/** Anything else that kept an answer from us: network, 404, 5xx, a body we cannot read. */
export class StravaFetchFailed extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export type Query = Record<string, string | number | boolean>;

export async function stravaGet<T>(accessToken: string, path: string, query: Query = {}): Promise<T> {
  const response = await stravaFetch(accessToken, path, query);
  try {
    return (await response.json()) as T;
  } catch {
    throw new StravaFetchFailed(notJson(path), response.status);
  }
}

/**
 * stravaGet without reading the JSON: the body's bytes, for answers large enough that parsing
 * them belongs in a pool worker (an activity's streams). The bytes fill their own buffer, so
 * they can be moved to the worker. Whoever parses them reports a body that is not JSON with
 * `notJson(path)`, as stravaGet does.
 */
export async function stravaGetBytes(accessToken: string, path: string, query: Query = {}): Promise<Uint8Array> {
  const response = await stravaFetch(accessToken, path, query);
  try {
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw new StravaFetchFailed(`Strava's answer for ${path} could not be read (${(error as Error).message}).`, response.status);
  }
}

/** The reason of the StravaFetchFailed for an answer that is not JSON. */
export const notJson = (path: string) => `Strava's answer for ${path} is not JSON.`;

async function stravaFetch(accessToken: string, path: string, query: Query): Promise<Response> {
  const limitedUntil = await stravaRateLimitedUntil();
  if (limitedUntil) throw new StravaRateLimited(limitedUntil);
  const url = new URL(`${stravaConfig().apiBaseUrl}${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  let response: Response;
  try {
    response = await fetch(url, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' }, signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    throw new StravaFetchFailed(`Strava could not be reached (${(error as Error).message}).`, null);
  }
  const waitUntil = await recordStravaBudgets(response.headers, true, response.status === 429);
  if (response.status === 429) throw new StravaRateLimited(waitUntil!);
  if (response.status === 401) throw new StravaUnauthorized('Strava refused the access token (401).');
  if (!response.ok) throw new StravaFetchFailed(`Strava answered ${response.status} for ${path}.`, response.status);
  return response;
}
