import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import strava from 'strava-v3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeActivity, makeHistory } from './strava-data';
import { StravaDouble } from './strava-double';

// The double's realism, checked by a real consumer of Strava's API: the strava-v3 npm client
// talks to it exactly as it talks to www.strava.com (only the host is rewritten), for OAuth,
// paging, streams keyed by type, laps, the rate-limit headers and Strava's fault bodies.

interface AxiosLike {
  interceptors: { request: { use(fn: (config: { url?: string; baseURL?: string }) => unknown): number; eject(id: number): void } };
}
const { axiosInstance } = createRequire(import.meta.url)('strava-v3/axiosUtility') as { axiosInstance: AxiosLike };

let clockMs = Date.parse('2026-03-01T10:02:00Z');
const double = new StravaDouble({
  clock: () => clockMs,
  budgets: { overall: { fifteenMinutes: 12, daily: 30 }, read: { fifteenMinutes: 10, daily: 25 } },
});
let interceptor: number;

beforeAll(async () => {
  const url = await double.start();
  interceptor = axiosInstance.interceptors.request.use((config) => {
    config.baseURL = `${url}/api/v3/`;
    if (config.url?.startsWith('https://www.strava.com')) config.url = config.url.replace('https://www.strava.com', url);
    return config;
  });
  double.addAthlete(7, [
    ...makeHistory(7, 5, new Date('2026-01-01T08:00:00Z')),
    makeActivity({ id: 99, athleteId: 7, start: new Date('2026-02-01T09:00:00Z'), points: 0 }),
  ]);
  strava.config({ client_id: double.clientId, client_secret: double.clientSecret, redirect_uri: 'http://localhost/cb', access_token: '' });
});

afterAll(async () => {
  axiosInstance.interceptors.request.eject(interceptor);
  await double.stop();
});

async function authorize(): Promise<{ access_token: string; refresh_token: string; expires_at: number; athlete: { id: number } }> {
  const authorizeUrl = new URL(
    strava.oauth.getRequestAccessURL({ scope: 'read,activity:read_all', state: 'xyz' }).replace('https://www.strava.com', double.url),
  );
  const answer = await fetch(authorizeUrl, { redirect: 'manual' });
  const back = new URL(answer.headers.get('location')!);
  expect(back.searchParams.get('state')).toBe('xyz');
  expect(back.searchParams.get('scope')).toBe('read,activity:read_all');
  return (await strava.oauth.getToken(back.searchParams.get('code')!)) as never;
}

describe('Strava double driven by strava-v3', () => {
  it('exchanges a code once, for 6-hour tokens and the athlete', async () => {
    const tokens = await authorize();
    expect(tokens.athlete.id).toBe(7);
    expect(tokens.expires_at - Math.floor(clockMs / 1000)).toBe(6 * 3600);
  });

  it('refresh: the same tokens while more than an hour is left, then new ones, and the old refresh token dies', async () => {
    const first = await authorize();
    clockMs += 4 * 3600_000;
    const same = await strava.oauth.refreshToken(first.refresh_token);
    expect(same.access_token).toBe(first.access_token);
    expect(same.refresh_token).toBe(first.refresh_token);
    clockMs += 3600_000 + 1000;
    const rotated = await strava.oauth.refreshToken(first.refresh_token);
    expect(rotated.access_token).not.toBe(first.access_token);
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    await expect(strava.oauth.refreshToken(first.refresh_token)).rejects.toMatchObject({
      statusCode: 400,
      data: { message: 'Bad Request', errors: [{ resource: 'RefreshToken', field: 'refresh_token', code: 'invalid' }] },
    });
  });

  it('pages /athlete/activities, serves streams keyed by type and laps, and reports usage', async () => {
    clockMs = Date.parse('2026-03-02T10:00:00Z');
    const { access_token } = await authorize();
    const client = new strava.client(access_token);
    const page1 = await client.athlete.listActivities({ after: Date.parse('2025-12-31T00:00:00Z') / 1000, per_page: 4, page: 1 });
    const page2 = await client.athlete.listActivities({ after: Date.parse('2025-12-31T00:00:00Z') / 1000, per_page: 4, page: 2 });
    expect([...page1, ...page2].map((a) => a.id)).toEqual([10_000_000_000, 10_000_000_001, 10_000_000_002, 10_000_000_003, 10_000_000_004, 99]);
    const within = await client.athlete.listActivities({ after: Date.parse('2026-01-01T08:00:00Z') / 1000, before: Date.parse('2026-01-02T00:00:00Z') / 1000 });
    expect(within.map((a) => a.id)).toEqual([10_000_000_001]);

    const streams = (await client.streams.activity({
      id: '10000000000',
      keys: ['time', 'latlng', 'heartrate', 'watts', 'temp'],
      key_by_type: true,
    })) as unknown as Record<string, { data: unknown[] }>;
    expect(Object.keys(streams).sort()).toEqual(['distance', 'heartrate', 'latlng', 'time', 'watts']);
    expect(streams.latlng!.data[0]).toHaveLength(2);
    const laps = await client.activities.listLaps({ id: '10000000000' });
    expect(laps.map((l) => l.lap_index)).toEqual([1, 2]);
    // strava-v3 keeps what the last answer's X-RateLimit-* and X-ReadRateLimit-* headers said
    const seen = client.rateLimiting as unknown as Record<string, number>;
    expect([seen.readShortTermUsage, seen.readShortTermLimit, seen.longTermLimit]).toEqual([5, 10, 30]);
  });

  it('answers 429 with the fault body past the 15-minute budget, and serves again in the next quarter hour', async () => {
    clockMs = Date.parse('2026-03-03T10:00:00Z');
    const { access_token } = await authorize();
    const client = new strava.client(access_token);
    for (let i = 0; i < 10; i++) await client.athlete.get({});
    const refused = await client.athlete.get({}).catch((e: unknown) => e);
    expect(refused).toMatchObject({ statusCode: 429, data: { message: 'Rate Limit Exceeded', errors: [{ resource: 'Application', code: 'exceeded' }] } });
    expect((refused as { response: { headers: Record<string, string> } }).response.headers['x-readratelimit-usage']).toBe('10,10');
    clockMs = Date.parse('2026-03-03T10:15:00Z');
    await expect(client.athlete.get({})).resolves.toMatchObject({ id: 7 });
  });

  it('answers 401 with the fault body once the athlete revoked access, and 404 for an unknown activity', async () => {
    clockMs = Date.parse('2026-03-04T10:00:00Z');
    const { access_token } = await authorize();
    const client = new strava.client(access_token);
    await expect(client.activities.listLaps({ id: '123' })).rejects.toMatchObject({ statusCode: 404, data: { message: 'Record Not Found' } });
    double.oauth.revoke(7);
    await expect(client.athlete.listActivities({})).rejects.toMatchObject({
      statusCode: 401,
      data: { message: 'Authorization Error', errors: [{ resource: 'Athlete', field: 'access_token', code: 'invalid' }] },
    });
  });

  it('push subscriptions: create (after validating the callback), list, delete with the client credentials; events POSTed as Strava sends them', async () => {
    const seen: { query: URLSearchParams; body: string }[] = [];
    const callback = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const query = new URL(req.url ?? '/', 'http://cb').searchParams;
        seen.push({ query, body: Buffer.concat(chunks).toString('utf8') });
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(req.method === 'GET' ? { 'hub.challenge': query.get('hub.challenge') } : {}));
      });
    });
    await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
    const callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/hook`;
    try {
      const push = strava.pushSubscriptions as unknown as {
        create(a: { callback_url: string; verify_token: string }): Promise<{ id: number }>;
        list(): Promise<{ id: number; callback_url: string }[]>;
        delete(a: { id: number }): Promise<unknown>;
      };
      const created = await push.create({ callback_url: callbackUrl, verify_token: 'vt-1' });
      expect(seen[0]!.query.get('hub.mode')).toBe('subscribe');
      expect(seen[0]!.query.get('hub.verify_token')).toBe('vt-1');
      await expect(push.create({ callback_url: callbackUrl, verify_token: 'vt-1' })).rejects.toMatchObject({ statusCode: 400 });
      expect(await push.list()).toEqual([expect.objectContaining({ id: created.id, callback_url: callbackUrl, resource_state: 2 })]);
      expect(await double.push.deliver({ object_type: 'activity', object_id: 99, aspect_type: 'create', owner_id: 7 })).toBe(200);
      expect(JSON.parse(seen.at(-1)!.body)).toMatchObject({
        object_type: 'activity',
        object_id: 99,
        aspect_type: 'create',
        owner_id: 7,
        subscription_id: created.id,
        updates: {},
      });
      await push.delete({ id: created.id });
      expect(await push.list()).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => callback.close(() => resolve()));
    }
  });
});
