import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import * as trpcRoute from '@/app/api/trpc/[trpc]/route';
import * as activitiesRoute from '@/app/api/v1/activities/route';
import * as routesRoute from '@/app/api/v1/activities/routes/route';
import * as fitnessRoute from '@/app/api/v1/fitness/route';
import * as weightRoute from '@/app/api/v1/health/weight/route';
import * as apiKeysRoute from '@/app/api/v1/profile/api_keys/route';
import * as profileRoute from '@/app/api/v1/profile/route';
import * as thresholdsRoute from '@/app/api/v1/profile/thresholds/route';
import * as recordsRoute from '@/app/api/v1/records/route';
import * as calendarRoute from '@/app/api/v1/stats/calendar/route';
import * as statsRoute from '@/app/api/v1/stats/route';
import * as stravaActivitiesRoute from '@/app/api/v1/strava/activities/route';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, testEngines } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';

// Issue 49, case 15: a date with year 0000 (PostgreSQL has none) failed a statement: a 500. Every
// date a request names, REST and tRPC, now lies between 1900-01-01 and 2199-12-31 (docs/guide.md,
// "Dates in requests"), else a 4xx problem; and a date inside the span is still taken.

const BASE = 'http://127.0.0.1:3000';
type Handler = (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>;

const REST: [string, Handler, string, string, unknown?][] = [
  ['GET /activities start_date', activitiesRoute.GET, 'GET', '/activities?start_date=0000-01-01'],
  ['GET /activities end_date', activitiesRoute.GET, 'GET', '/activities?end_date=0000-12-31'],
  ['GET /activities/routes', routesRoute.GET, 'GET', '/activities/routes?start_date=0000-01-01&end_date=0000-02-01'],
  ['GET /stats', statsRoute.GET, 'GET', '/stats?period=week&start_date=0000-01-01&end_date=0000-02-01'],
  ['GET /stats/calendar', calendarRoute.GET, 'GET', '/stats/calendar?month=0000-01'],
  ['GET /fitness', fitnessRoute.GET, 'GET', '/fitness?start_date=0000-01-01&end_date=0000-01-31'],
  ['GET /fitness far ahead', fitnessRoute.GET, 'GET', '/fitness?start_date=9990-01-01&end_date=9999-12-31'],
  ['GET /records year 0', recordsRoute.GET, 'GET', '/records?type=run&year=0'],
  ['GET /health/weight', weightRoute.GET, 'GET', '/health/weight?start_date=0000-01-01'],
  ['POST /health/weight', weightRoute.POST, 'POST', '/health/weight', { weight: 70, created_at: '0000-01-01' }],
  ['POST /profile/thresholds', thresholdsRoute.POST, 'POST', '/profile/thresholds', { effective_from: '0000-01-01', max_hr: 190 }],
  ['PUT /profile birthdate', profileRoute.PUT, 'PUT', '/profile', { birthdate: '0000-01-01' }],
  ['GET /strava/activities', stravaActivitiesRoute.GET, 'GET', '/strava/activities?start_date=0000-01-01&end_date=0000-01-02'],
  ['POST /profile/api_keys', apiKeysRoute.POST, 'POST', '/profile/api_keys', { name: 'k', scopes: ['activities:upload'], expires_at: '0000-01-01T00:00:00Z' }],
];

const TRPC: [string, 'query' | 'mutation', unknown][] = [
  ['activities.list', 'query', { start_date: '0000-01-01' }],
  ['maps.routes', 'query', { start_date: '0000-01-01' }],
  ['progress.stats', 'query', { period: 'month', start_date: '0000-01-01', end_date: '0000-06-01' }],
  ['progress.calendar', 'query', { month: '0000-01' }],
  ['progress.records', 'query', { type: 'run', year: 0 }],
  ['trainingLoad.fitness', 'query', { start_date: '0000-01-01', end_date: '0000-01-31' }],
  ['trainingLoad.fitness', 'query', { start_date: '9990-01-01', end_date: '9999-12-31' }],
  ['trainingLoad.createThreshold', 'mutation', { effective_from: '0000-01-01', max_hr: 190 }],
  ['health.weights', 'query', { start_date: '0000-01-01' }],
  ['health.createWeight', 'mutation', { weight: 70, created_at: '0000-01-01' }],
  ['profile.update', 'mutation', { birthdate: '0000-01-01' }],
  ['strava.sync', 'mutation', { start_date: '0000-01-01', end_date: '0000-01-02' }],
];

describe.each(testEngines())('dates in requests on %s', (engine) => {
  let database: Database;
  let token = '';
  beforeAll(async () => {
    useTestEnv({ RATE_LIMIT_ENABLED: 'false' });
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
    token = (await signedInUser(database.db)).token;
  });
  afterAll(async () => database.close());
  const headers = () => ({ authorization: `Bearer ${token}`, 'x-client-type': 'mobile', 'content-type': 'application/json' });

  it.each(REST)('%s with year 0000 (or past 2199) is a 4xx problem', async (_name, handler, method, path, body) => {
    const res = await handler(
      new Request(`${BASE}/api/v1${path}`, { method, headers: headers(), body: body === undefined ? undefined : JSON.stringify(body) }),
      {
        params: Promise.resolve({}),
      },
    );
    const text = await res.text();
    expect(res.status, text).toBeGreaterThanOrEqual(400);
    expect(res.status, text).toBeLessThan(500);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });

  it.each(TRPC)('tRPC %s with year 0000 (or past 2199) is a 400', async (procedure, kind, input) => {
    const res =
      kind === 'query'
        ? await trpcRoute.GET(new Request(`${BASE}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: headers() }))
        : await trpcRoute.POST(new Request(`${BASE}/api/trpc/${procedure}`, { method: 'POST', headers: headers(), body: JSON.stringify(input) }));
    expect(res.status, await res.text()).toBe(400);
  });

  it('dates inside the span are taken: 1900-01-01 and 2199-12-31', async () => {
    const get = (handler: Handler, path: string) => handler(new Request(`${BASE}/api/v1${path}`, { headers: headers() }), { params: Promise.resolve({}) });
    expect((await get(activitiesRoute.GET, '/activities?start_date=1900-01-01&end_date=2199-12-31')).status).toBe(200);
    expect((await get(calendarRoute.GET, '/stats/calendar?month=2199-12')).status).toBe(200);
    expect((await get(fitnessRoute.GET, '/fitness?start_date=2199-01-01&end_date=2199-12-31')).status).toBe(200);
  });
});
