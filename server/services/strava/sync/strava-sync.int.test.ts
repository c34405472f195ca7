import { randomUUID } from 'node:crypto';
import { and, eq, like, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as jobRoute from '@/app/api/v1/activities/ingestion-jobs/[job_id]/route';
import * as syncRoute from '@/app/api/v1/strava/activities/route';
import { activities, jobs, jobSteps, stravaLinks, type JobRow } from '@/db/schema';
import { openSecret } from '@/server/auth/secret-box';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { providerSyncJob } from '@/server/jobs/provider-sync-job';
import { log } from '@/server/log/logger';
import { parsedFromStrava, stravaSummary } from '@/server/strava/strava-activity';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { setClockForTests } from '@/server/clock';
import { useDatabaseForTests } from '@/server/runtime';
import { makeHistory } from '@/server/testing/strava-double/strava-data';
import type { StravaDouble } from '@/server/testing/strava-double/strava-double';
import { linkStravaThroughDouble, startStravaDouble, userWithToken } from '@/server/testing/strava-double/start-strava-double';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { getStravaStatus } from '../get-strava-status';
import { listNotifications } from '../../notifications/list-notifications';
import { ingestActivities } from '../../ingestion/ingest-activities';
import { startStravaSync } from '../start-strava-sync';

// The provider_sync job against the Strava double on a controlled clock (CONTRACT: Strava,
// CONTRACT: Settled 2026-11-23 (the link and the sync), spec: Provider rate-limit flag).

const BASE = 'http://127.0.0.1:3000';
const START = Date.parse('2026-05-01T12:03:00Z');
let clock = START;
let nextAthlete = 900;

describe.each(testEngines())('Strava sync on %s', (engine) => {
  let database: TestDatabase;
  let double: StravaDouble;

  beforeAll(async () => {
    setClockForTests(() => clock);
    double = await startStravaDouble({ budgets: { overall: { fifteenMinutes: 200, daily: 2000 }, read: { fifteenMinutes: 100, daily: 1000 } } });
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
  });
  afterAll(async () => {
    setClockForTests(undefined);
    await double.stop();
    await database.close();
  });
  beforeEach(() => {
    resetRateLimitStateForTests();
    double.failures = [];
  });

  /** A user linked (through the real link flow) to a new Strava athlete with `count` activities. */
  async function linkedUser(count: number, from = new Date('2025-01-01T06:00:00Z')) {
    const athleteId = nextAthlete++;
    double.addAthlete(athleteId, makeHistory(athleteId, count, from, { firstId: athleteId * 1_000_000 }));
    double.approvingAthleteId = athleteId;
    const user = await userWithToken(database.db, `sync-${engine}-${athleteId}`);
    const linked = await linkStravaThroughDouble(database.db, user.userId);
    expect(linked).toEqual({ linked: true, userId: user.userId });
    return { ...user, athleteId };
  }

  /** Runs due jobs; while one sleeps for the quota, moves the clock to its wake-up time. */
  async function runToEnd(jobId: string, runner = new EmbeddedRunner(database.db)): Promise<JobRow> {
    for (let turn = 0; turn < 200; turn++) {
      await runner.drain();
      const [job] = await database.db.select().from(jobs).where(eq(jobs.id, jobId));
      if (job!.status === 'succeeded' || job!.status === 'failed') return job!;
      clock = Math.max(clock, job!.runAfter.getTime());
    }
    throw new Error('the job did not finish');
  }

  const storedCount = async (userId: number) =>
    (
      await database.db
        .select({ n: sql<number>`count(*)::int`, keys: sql<number>`count(distinct ${activities.dedupKey})::int` })
        .from(activities)
        .where(eq(activities.userId, userId))
    )[0]!;

  it('a 450-activity history under 100 reads per 15 minutes completes across quota windows, each activity stored once', async () => {
    clock = START;
    const user = await linkedUser(450);
    const before = double.apiRequests().length;
    const res = await syncRoute.GET(
      new Request(`${BASE}/api/v1/strava/activities?start_date=2025-01-01&end_date=2025-12-31`, {
        headers: { authorization: `Bearer ${user.accessToken}`, 'x-client-type': 'mobile', 'x-stride-peer': '10.7.0.1' },
      }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(202);
    const { job_id, status_url } = await res.json();
    expect(res.headers.get('location')).toBe(status_url);
    expect(double.apiRequests().length).toBe(before); // nothing fetched on the request

    let sawWaiting = false;
    const runner = new EmbeddedRunner(database.db);
    let job: JobRow | undefined;
    for (let turn = 0; turn < 100 && job?.status !== 'succeeded'; turn++) {
      await runner.drain();
      [job] = await database.db.select().from(jobs).where(eq(jobs.id, job_id));
      if (job!.status === 'running' && job!.progress.waiting_for_quota_until) {
        sawWaiting = true;
        expect(job!.progress.waiting_for_quota_until).toBe(job!.runAfter.toISOString());
        expect((await getStravaStatus(database.db, user.userId)).rate_limited_until).toBe(job!.progress.waiting_for_quota_until);
      }
      clock = Math.max(clock, job!.runAfter.getTime());
    }
    expect(job!.status).toBe('succeeded');
    expect(sawWaiting).toBe(true);
    expect(job!.progress).toMatchObject({ total: 450, done: 450, created: 450, skipped: 0, failed: 0 });
    expect(job!.activityIds).toHaveLength(450);
    expect(await storedCount(user.userId)).toEqual({ n: 450, keys: 450 });

    const spent = double.apiRequests().slice(before);
    const lists = spent.filter((r) => r.path.endsWith('/athlete/activities')).length;
    const refused = spent.filter((r) => r.status === 429).length;
    const perActivity = (spent.length - refused) / 450;
    const windows = Math.ceil(spent.length / 100);
    const minimumMs = windows <= 1 ? 0 : Math.ceil(START / 900_000) * 900_000 - START + (windows - 2) * 900_000;
    console.log(
      `[strava backfill] 450 activities: ${spent.length} requests (${lists} listings, ${refused} refused by 429) = ${perActivity.toFixed(3)} per activity; ` +
        `simulated wall time ${((clock - START) / 60_000).toFixed(1)} min, theoretical minimum under 100 reads/15 min ${(minimumMs / 60_000).toFixed(1)} min`,
    );
    expect(refused).toBe(0); // the flag stops us before Strava has to refuse
    // laps once per activity; streams once, or twice for an activity whose laps the quota cut off
    const waits = (
      await database.db
        .select()
        .from(jobSteps)
        .where(and(eq(jobSteps.jobId, job_id), like(jobSteps.name, 'quota wait%')))
    ).length;
    expect(spent.filter((r) => r.path.endsWith('/laps')).length).toBe(450);
    expect(spent.filter((r) => r.path.endsWith('/streams')).length).toBeGreaterThanOrEqual(450);
    expect(spent.filter((r) => r.path.endsWith('/streams')).length).toBeLessThanOrEqual(450 + waits);

    // a new sync over the same range skips everything: one listing per page, nothing else
    const again = await startStravaSync(database.db, user.userId, { start_date: '2025-01-01', end_date: '2025-12-31' });
    const mark = double.apiRequests().length;
    const second = await runToEnd(again.job_id);
    expect(second.progress).toMatchObject({ total: 450, created: 0, skipped: 450 });
    expect(
      double
        .apiRequests()
        .slice(mark)
        .every((r) => r.path.endsWith('/athlete/activities')),
    ).toBe(true);
  }, 600_000);

  it('kill and resume: a store step that ran but was never recorded runs again and stores nothing twice', async () => {
    clock = Date.parse('2026-06-01T08:00:00Z');
    const user = await linkedUser(80);
    const { job_id } = await startStravaSync(database.db, user.userId, { start_date: '2025-01-01', end_date: '2025-12-31' });
    await new EmbeddedRunner(database.db).drain(); // runs until the first quota pause
    const [paused] = await database.db.select().from(jobs).where(eq(jobs.id, job_id));
    expect(paused!.status).toBe('running');
    const storedBefore = (await storedCount(user.userId)).n;
    expect(storedBefore).toBeGreaterThan(25);
    // the instance died after the last store step's writes, before its result was recorded
    const steps = await database.db
      .select({ name: jobSteps.name })
      .from(jobSteps)
      .where(and(eq(jobSteps.jobId, job_id), like(jobSteps.name, 'store from%')));
    const last = steps
      .map((s) => s.name)
      .sort((a, b) => Number(a.split(' ').pop()) - Number(b.split(' ').pop()))
      .pop()!;
    await database.db.delete(jobSteps).where(and(eq(jobSteps.jobId, job_id), or(eq(jobSteps.name, last), like(jobSteps.name, '%quota wait%'))));
    await database.db
      .update(jobs)
      .set({ runAfter: new Date(clock), lockedBy: null, leaseUntil: null })
      .where(eq(jobs.id, job_id));

    const job = await runToEnd(job_id, new EmbeddedRunner(database.db, { runnerId: 'another-instance' }));
    expect(job.status).toBe('succeeded');
    expect(job.progress).toMatchObject({ total: 80, done: 80, failed: 0 });
    expect(job.progress.created + job.progress.skipped).toBe(80);
    expect(await storedCount(user.userId)).toEqual({ n: 80, keys: 80 });
  });

  it('refreshes a token that expires within 60 minutes and stores the rotated refresh token', async () => {
    clock = Date.parse('2026-07-01T08:00:00Z');
    const user = await linkedUser(3);
    const first = { ...double.oauth.grantOf(user.athleteId)! };
    clock += 5 * 3600_000 + 1; // 59 minutes left
    const refreshes = double.oauth.calls.refresh;
    const job = await runToEnd((await startStravaSync(database.db, user.userId, { start_date: '2025-01-01', end_date: '2025-01-31' })).job_id);
    expect(job.progress.created).toBe(3);
    expect(double.oauth.calls.refresh).toBe(refreshes + 1);
    const now = double.oauth.grantOf(user.athleteId)!;
    expect(now.refreshToken).not.toBe(first.refreshToken);
    const [link] = await database.db.select().from(stravaLinks).where(eq(stravaLinks.userId, user.userId));
    expect(openSecret(link!.refreshToken, 'provider-token-box')).toBe(now.refreshToken);
    expect(openSecret(link!.accessToken, 'provider-token-box')).toBe(now.accessToken);
    expect(link!.expiresAt.getTime()).toBe(now.expiresAt * 1000);
    // with more than an hour left, no refresh at all
    await runToEnd((await startStravaSync(database.db, user.userId, { start_date: '2025-01-01', end_date: '2025-01-31' })).job_id);
    expect(double.oauth.calls.refresh).toBe(refreshes + 1);
  });

  it('failures: 401 → failed 424 provider_auth_failed and a reconnect; listing failure → 424; one bad activity → an item error', async () => {
    clock = Date.parse('2026-08-01T08:00:00Z');
    const revoked = await linkedUser(2);
    double.oauth.revoke(revoked.athleteId);
    const authFailed = await runToEnd((await startStravaSync(database.db, revoked.userId, { start_date: '2025-01-01', end_date: '2025-01-31' })).job_id);
    expect(authFailed.status).toBe('failed');
    expect(authFailed.error).toMatchObject({ status: 424, code: 'provider_auth_failed', type: 'urn:service:error:failed-dependency' });
    expect(await getStravaStatus(database.db, revoked.userId)).toMatchObject({ linked: true, needs_reconnect: true });

    const user = await linkedUser(4);
    double.failures = [{ pattern: /\/athlete\/activities$/, status: 500 }];
    const fetchFailed = await runToEnd((await startStravaSync(database.db, user.userId, { start_date: '2025-01-01', end_date: '2025-01-31' })).job_id);
    expect(fetchFailed.error).toMatchObject({ status: 424, type: 'urn:service:error:failed-dependency' });

    const broken = user.athleteId * 1_000_000 + 1;
    double.failures = [{ pattern: new RegExp(`/activities/${broken}/streams$`), status: 500 }];
    const partial = await runToEnd((await startStravaSync(database.db, user.userId, { start_date: '2025-01-01', end_date: '2025-01-31' })).job_id);
    expect(partial.status).toBe('succeeded');
    expect(partial.progress).toMatchObject({ total: 4, done: 4, created: 3, failed: 1 });
    expect(partial.errors).toEqual([{ item: `strava:${broken}`, code: 'provider_fetch_failed', detail: expect.stringContaining('500') }]);
  });

  it('not linked: nothing is fetched and the job says why (404, code provider_not_linked, a whole problem); start after end → 400', async () => {
    const user = await userWithToken(database.db, `unlinked-${engine}`);
    const mark = double.requests.length;
    const started = await startStravaSync(database.db, user.userId, { start_date: '2025-01-01', end_date: '2025-01-31' });
    const job = await runToEnd(started.job_id);
    expect(job.status).toBe('failed');
    expect(job.progress).toMatchObject({ total: 0, created: 0 });
    expect(double.requests.length).toBe(mark);
    const answer = await jobRoute.GET(
      new Request(`${BASE}${started.status_url}`, {
        headers: { authorization: `Bearer ${user.accessToken}`, 'x-client-type': 'mobile', 'x-request-id': 'job-read-1' },
      }),
      { params: Promise.resolve({ job_id: started.job_id }) },
    );
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { error: unknown }).error).toEqual({
      type: 'urn:service:error:not-found',
      title: 'Not Found',
      status: 404,
      detail: expect.stringContaining('No Strava account is linked'),
      instance: started.status_url,
      request_id: started.job_id,
      code: 'provider_not_linked',
    });
    await expect(startStravaSync(database.db, user.userId, { start_date: '2025-02-01', end_date: '2025-01-31' })).rejects.toMatchObject({ status: 400 });
  });

  it('an activity starting in the same second as a stored one is stored hidden, with a notification; a user who is gone fails the job 404', async () => {
    clock = Date.parse('2026-08-15T08:00:00Z');
    const user = await linkedUser(2, new Date('2025-04-01T06:00:00Z'));
    const twin = double.activitiesOf(user.athleteId)[1]!.summary;
    await ingestActivities(
      database.db,
      user.userId,
      [parsedFromStrava(stravaSummary.parse({ ...twin, id: 1 }), {}, [])],
      { source: 'upload' },
      { awaitSubscribers: true },
    );
    const job = await runToEnd((await startStravaSync(database.db, user.userId, { start_date: '2025-04-01', end_date: '2025-04-30' })).job_id);
    expect(job.progress).toMatchObject({ created: 2 });
    const hidden = await database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, user.userId), eq(activities.dedupKey, `strava:${twin.id}`)));
    expect(hidden[0]!.isHidden).toBe(true);
    expect((await listNotifications(database.db, user.userId)).map((n) => n.activity_id)).toContain(hidden[0]!.id);

    const plainStep = { run: async <T>(_: string, fn: () => Promise<T> | T) => fn(), sleepUntil: async () => {} };
    const gone = providerSyncJob({
      jobId: randomUUID(),
      payload: { userId: 999_999, start_date: '2025-04-01', end_date: '2025-04-30' },
      step: plainStep,
      db: database.db,
      logger: log(),
    });
    await expect(gone).rejects.toMatchObject({ status: 404 });
  });

  it('two concurrent syncs of one user never store an activity twice', async () => {
    clock = Date.parse('2026-09-01T08:00:00Z');
    double.quota.budgets.read.fifteenMinutes = 1000;
    double.quota.budgets.read.daily = 10_000;
    const user = await linkedUser(40);
    const range = { start_date: '2025-01-01', end_date: '2025-12-31' };
    const a = await startStravaSync(database.db, user.userId, range);
    const b = await startStravaSync(database.db, user.userId, range);
    await Promise.all([new EmbeddedRunner(database.db, { runnerId: 'one' }).drain(), new EmbeddedRunner(database.db, { runnerId: 'two' }).drain()]);
    const done = await database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.id} in (${a.job_id}, ${b.job_id})`);
    expect(done.map((j) => j.status)).toEqual(['succeeded', 'succeeded']);
    expect(done.reduce((n, j) => n + j.progress.created, 0)).toBe(40);
    expect(await storedCount(user.userId)).toEqual({ n: 40, keys: 40 });
    double.quota.budgets.read.fifteenMinutes = 100;
    double.quota.budgets.read.daily = 1000;
  });
});
