import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as loginRoute from '@/app/api/v1/auth/login/route';
import * as jobRoute from '@/app/api/v1/activities/ingestion-jobs/[job_id]/route';
import { users } from '@/db/schema';
import { hashPassword } from '@/server/auth/password';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { enqueueJob } from '@/server/job-queue/enqueue-job';
import { setJobBodyForTests } from '@/server/jobs/job-bodies';
import { AppError } from '@/server/errors';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';

const BASE = 'http://127.0.0.1:3000';
let peer = 0;
const get = (path: string, headers: Record<string, string>) =>
  new Request(BASE + path, { headers: { 'x-stride-peer': `10.9.0.${(peer += 1) % 250}`, ...headers } });
const params = (job_id: string) => ({ params: Promise.resolve({ job_id }) });

describe.each(testEngines())('GET /activities/ingestion-jobs/{job_id} on %s', (engine) => {
  let database: TestDatabase;
  const signIn = async (username: string) => {
    const res = await loginRoute.POST(
      new Request(`${BASE}/api/v1/auth/login`, {
        method: 'POST',
        body: `username=${username}&password=Password-123`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-client-type': 'mobile', 'x-stride-peer': `10.8.0.${(peer += 1) % 250}` },
      }),
      { params: Promise.resolve({}) },
    );
    const { access_token } = (await res.json()) as { access_token: string };
    return { authorization: `Bearer ${access_token}`, 'x-client-type': 'mobile' };
  };
  const newUser = async (username: string) =>
    (
      await database.db
        .insert(users)
        .values({ username, passwordHash: await hashPassword('Password-123') })
        .returning()
    )[0]!;

  beforeAll(async () => {
    useTestEnv();
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
  });
  afterAll(async () => {
    setJobBodyForTests('provider_sync', undefined);
    await database.close();
  });

  it('CONTRACT "Ingestion jobs": queued, then failed with its problem; other users and malformed ids are 404', async () => {
    const owner = await newUser(`owner-${engine}`);
    await newUser(`other-${engine}`);
    setJobBodyForTests('provider_sync', async ({ step }) => {
      await step.run('fetch', () => {
        throw new AppError('failed_dependency', { code: 'provider_auth_failed', detail: 'Strava refused the token: reconnect Strava.' });
      });
    });
    const job = await enqueueJob(database.db, { kind: 'provider_sync', userId: owner.id, payload: {} });
    const auth = await signIn(`owner-${engine}`);
    const queued = await jobRoute.GET(get(`/api/v1/activities/ingestion-jobs/${job.id}`, auth), params(job.id));
    expect(queued.status).toBe(200);
    expect(await queued.json()).toEqual({
      id: job.id,
      kind: 'provider_sync',
      status: 'queued',
      progress: { total: 0, done: 0, created: 0, skipped: 0, failed: 0 },
      activity_ids: [],
      errors: [],
      error: null,
      created_at: job.createdAt.toISOString(),
      started_at: null,
      finished_at: null,
    });

    await new EmbeddedRunner(database.db).drain();
    const failed = await (await jobRoute.GET(get(`/api/v1/activities/ingestion-jobs/${job.id}`, auth), params(job.id))).json();
    expect(failed).toMatchObject({
      status: 'failed',
      error: { type: 'urn:service:error:failed-dependency', title: 'Failed Dependency', status: 424, code: 'provider_auth_failed' },
    });
    expect(failed.finished_at).toEqual(expect.any(String));

    const other = await signIn(`other-${engine}`);
    const foreign = await jobRoute.GET(get(`/api/v1/activities/ingestion-jobs/${job.id}`, other), params(job.id));
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get('content-type')).toBe('application/problem+json');
    const malformed = await jobRoute.GET(get('/api/v1/activities/ingestion-jobs/not-a-uuid', auth), params('not-a-uuid'));
    expect(malformed.status).toBe(404);
  });
});
