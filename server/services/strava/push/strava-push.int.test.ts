import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { InngestTestEngine } from '@inngest/test';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as webhookRoute from '@/app/api/v1/strava/webhook/route';
import { activities, jobs, stravaLinks, users, type JobRow } from '@/db/schema';
import { jobEventName } from '@/server/job-queue/inngest-client';
import { stravaPushFunction } from '@/inngest/functions/strava-push';
import { sealSecret } from '@/server/auth/secret-box';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { enqueueJob } from '@/server/job-queue/enqueue-job';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { setClockForTests } from '@/server/clock';
import { createStravaPushSubscription, deleteStravaPushSubscription, listStravaPushSubscriptions } from '@/server/strava/strava-push-subscriptions';
import { markProviderShortTermLimited } from '@/server/rate-limit/provider-rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { makeActivity, makeHistory } from '@/server/testing/strava-double/strava-data';
import type { StravaDouble } from '@/server/testing/strava-double/strava-double';
import { startStravaDouble, stravaDoubleEnv } from '@/server/testing/strava-double/start-strava-double';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { createSession } from '@/server/services/sessions/create-session';
import { createTrpcContext } from '@/server/trpc/context';
import { createCallerFactory } from '@/server/trpc/init';
import { appRouter } from '@/server/trpc/root';
// not a React hook, whatever its name says: the alias keeps the hooks lint rule out of tests
import { useTestEnv as applyTestEnv } from '@/server/testing/test-env';

// CONTRACT: Beyond the spec … Integrations: Strava push, end to end: the double validates the
// callback and POSTs events to Stride's route handlers served on loopback; the jobs run on the
// embedded runner and fetch from the double.

const START = Date.parse('2026-06-01T12:00:00Z');
let clock = START;
let nextAthlete = 7100;
const VERIFY = 'push-verify-token-1';

describe.each(testEngines())('Strava push on %s', (engine) => {
  let database: TestDatabase;
  let double: StravaDouble;
  let stride: Server;
  let callbackUrl = '';
  const runJobs = () => new EmbeddedRunner(database.db).drain();
  const env = (extra: Record<string, string> = {}) => applyTestEnv({ ...stravaDoubleEnv(double), STRAVA_WEBHOOK_VERIFY_TOKEN: VERIFY, ...extra });

  beforeAll(async () => {
    setClockForTests(() => clock);
    double = await startStravaDouble({ budgets: { overall: { fifteenMinutes: 200, daily: 2000 }, read: { fifteenMinutes: 100, daily: 1000 } } });
    env();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
    // Stride's two route handlers on loopback, where the double sends its GET and POSTs
    stride = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = `http://127.0.0.1:3000/api/v1/strava/webhook${(req.url ?? '').replace(/^[^?]*/, '')}`;
        const body = chunks.length ? Buffer.concat(chunks) : undefined;
        const headers = { 'content-type': req.headers['content-type'] ?? 'application/json', 'x-stride-peer': '10.11.0.1' };
        const handler = req.method === 'POST' ? webhookRoute.POST : webhookRoute.GET;
        void handler(new Request(url, { method: req.method, headers, body }), { params: Promise.resolve({}) }).then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
          res.end(Buffer.from(await answer.arrayBuffer()));
        });
      });
    });
    await new Promise<void>((resolve) => stride.listen(0, '127.0.0.1', resolve));
    callbackUrl = `http://127.0.0.1:${(stride.address() as AddressInfo).port}/api/v1/strava/webhook`;
  });
  afterAll(async () => {
    setClockForTests(undefined);
    stride.closeAllConnections();
    await new Promise<void>((resolve) => stride.close(() => resolve()));
    await double.stop();
    await database.close();
  });
  beforeEach(() => {
    resetRateLimitStateForTests();
    env();
  });

  /** A user whose link row holds tokens the double issued to a new athlete with `count` activities. */
  async function linkedUser(count: number) {
    const athleteId = nextAthlete++;
    double.addAthlete(athleteId, makeHistory(athleteId, count, new Date('2026-05-01T06:00:00Z'), { firstId: athleteId * 1_000 }));
    const [user] = await database.db
      .insert(users)
      .values({ username: `push-${engine}-${athleteId}` })
      .returning();
    const grant = double.oauth.exchangeCode(double.oauth.issueCode(athleteId, 'read,activity:read_all', 'http://127.0.0.1/cb'))!;
    await database.db.insert(stravaLinks).values({
      userId: user!.id,
      athleteId,
      accessToken: sealSecret(grant.tokens.access_token, 'provider-token-box'),
      refreshToken: sealSecret(grant.tokens.refresh_token, 'provider-token-box'),
      expiresAt: new Date(grant.tokens.expires_at * 1000),
      scope: grant.scope,
    });
    return { userId: user!.id, athleteId };
  }
  const storedFromStrava = (userId: number) =>
    database.db
      .select({
        id: activities.id,
        name: activities.name,
        type: activities.activityType,
        visibility: activities.visibility,
        provider: activities.providerActivityId,
      })
      .from(activities)
      .where(and(eq(activities.userId, userId), eq(activities.source, 'strava')));
  const lastJob = async (): Promise<JobRow> =>
    (
      await database.db
        .select()
        .from(jobs)
        .where(eq(jobs.kind, 'strava_push'))
        .orderBy(sql`${jobs.createdAt} desc`)
        .limit(1)
    )[0]!;

  it('the validation GET answers the challenge for the right verify token, 403 otherwise', async () => {
    const get = (query: string) => webhookRoute.GET(new Request(`http://127.0.0.1:3000/api/v1/strava/webhook?${query}`), { params: Promise.resolve({}) });
    const right = await get(`hub.mode=subscribe&hub.challenge=abc123&hub.verify_token=${VERIFY}`);
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ 'hub.challenge': 'abc123' });
    for (const wrong of [
      'hub.mode=subscribe&hub.challenge=abc123&hub.verify_token=nope',
      'hub.mode=subscribe&hub.challenge=abc123',
      `hub.mode=unsubscribe&hub.challenge=x&hub.verify_token=${VERIFY}`,
    ])
      expect((await get(wrong)).status, wrong).toBe(403);
  });

  it("the CLI's create runs Strava's validation against the route (a wrong token is refused), then view and delete", async () => {
    env({ STRAVA_WEBHOOK_VERIFY_TOKEN: 'another-token' });
    await expect(createStravaPushSubscription(VERIFY, callbackUrl)).rejects.toThrow(/answered 400/);
    env();
    const created = await createStravaPushSubscription(VERIFY, callbackUrl);
    expect(await listStravaPushSubscriptions()).toEqual([expect.objectContaining({ id: created.id, callback_url: callbackUrl })]);
    await deleteStravaPushSubscription(created.id);
    expect(await listStravaPushSubscriptions()).toEqual([]);
    const again = await createStravaPushSubscription(VERIFY, callbackUrl);
    expect(double.push.subscription).toMatchObject({ id: again.id, callback_url: callbackUrl });
  });

  it('create stores just that activity with 3 requests; a repeat, an unknown owner and a wrong subscription id store nothing', async () => {
    const { userId, athleteId } = await linkedUser(3);
    const fresh = makeActivity({ id: athleteId * 1_000 + 500, athleteId, start: new Date('2026-05-30T07:00:00Z'), points: 120 });
    double.activitiesOf(athleteId).push(fresh);
    const before = double.apiRequests().length;
    expect(await double.push.deliver({ object_type: 'activity', object_id: fresh.summary.id, aspect_type: 'create', owner_id: athleteId })).toBe(200);
    await runJobs();
    expect(
      double
        .apiRequests()
        .slice(before)
        .map((r) => r.path),
    ).toEqual([`/api/v3/activities/${fresh.summary.id}`, `/api/v3/activities/${fresh.summary.id}/streams`, `/api/v3/activities/${fresh.summary.id}/laps`]);
    expect((await storedFromStrava(userId)).map((a) => a.provider)).toEqual([fresh.summary.id]);
    expect(await lastJob()).toMatchObject({ status: 'succeeded', progress: { created: 1, skipped: 0 } });

    // a repeat of a stored activity is dropped on receipt: no job, no request
    const jobsBeforeRepeat = (await database.db.select().from(jobs)).length;
    await double.push.deliver({ object_type: 'activity', object_id: fresh.summary.id, aspect_type: 'create', owner_id: athleteId });
    await runJobs();
    expect(await storedFromStrava(userId)).toHaveLength(1);
    expect((await database.db.select().from(jobs)).length).toBe(jobsBeforeRepeat);

    const jobsBefore = (await database.db.select().from(jobs)).length;
    await double.push.deliver({ object_type: 'activity', object_id: 1, aspect_type: 'create', owner_id: 999_999 });
    env({ STRAVA_WEBHOOK_SUBSCRIPTION_ID: String(double.push.subscription!.id + 1) });
    await double.push.deliver({ object_type: 'activity', object_id: fresh.summary.id + 1, aspect_type: 'create', owner_id: athleteId });
    expect(double.push.delivered.slice(-2).map((d) => d.status)).toEqual([200, 200]);
    expect((await database.db.select().from(jobs)).length).toBe(jobsBefore);
    expect(double.apiRequests().length - before).toBe(3);
  });

  it("update applies what Strava answers (not the event), delete waits for Strava's 404, deauthorization for a refused token", async () => {
    const { userId, athleteId } = await linkedUser(1);
    const [onStrava] = double.activitiesOf(athleteId);
    const id = onStrava!.summary.id;
    await double.push.deliver({ object_type: 'activity', object_id: id, aspect_type: 'create', owner_id: athleteId });
    await runJobs();
    const [stored] = await storedFromStrava(userId);
    // a forged update: Strava's activity is unchanged, so nothing changes here
    await double.push.deliver({
      object_type: 'activity',
      object_id: id,
      aspect_type: 'update',
      owner_id: athleteId,
      updates: { title: 'Forged', type: 'Hike', private: 'true' },
    });
    await runJobs();
    expect(await storedFromStrava(userId)).toEqual([expect.objectContaining({ name: stored!.name, type: stored!.type, visibility: stored!.visibility })]);
    // the real change on Strava is applied, whatever the event says
    Object.assign(onStrava!.summary, { name: 'Renamed on Strava', sport_type: 'Hike', type: 'Hike', private: true });
    await double.push.deliver({ object_type: 'activity', object_id: id, aspect_type: 'update', owner_id: athleteId, updates: { title: 'Something else' } });
    await runJobs();
    expect(await storedFromStrava(userId)).toEqual([expect.objectContaining({ name: 'Renamed on Strava', type: 'hike', visibility: 'private' })]);
    // a forged delete: Strava still has it
    await double.push.deliver({ object_type: 'activity', object_id: id, aspect_type: 'delete', owner_id: athleteId });
    await runJobs();
    expect(await storedFromStrava(userId)).toHaveLength(1);
    double.activitiesOf(athleteId).splice(0, 1);
    await double.push.deliver({ object_type: 'activity', object_id: id, aspect_type: 'delete', owner_id: athleteId });
    await runJobs();
    expect(await storedFromStrava(userId)).toEqual([]);
    // a forged deauthorization: the token still works
    const deauthorize = () =>
      double.push.deliver({ object_type: 'athlete', object_id: athleteId, aspect_type: 'update', owner_id: athleteId, updates: { authorized: 'false' } });
    await deauthorize();
    await runJobs();
    expect(await database.db.select().from(stravaLinks).where(eq(stravaLinks.userId, userId))).toHaveLength(1);
    double.oauth.revoke(athleteId);
    await deauthorize();
    await runJobs();
    expect(await database.db.select().from(stravaLinks).where(eq(stravaLinks.userId, userId))).toEqual([]);
  });

  it("a forged create naming another athlete's activity or one Strava does not have stores nothing", async () => {
    const victim = await linkedUser(1);
    const other = await linkedUser(1);
    const othersActivity = double.activitiesOf(other.athleteId)[0]!.summary.id;
    for (const objectId of [othersActivity, 987_654_321])
      await double.push.deliver({ object_type: 'activity', object_id: objectId, aspect_type: 'create', owner_id: victim.athleteId });
    await runJobs();
    expect(await storedFromStrava(victim.userId)).toEqual([]);
    expect(await lastJob()).toMatchObject({ status: 'succeeded', progress: { created: 0, skipped: 1 } });
  });

  it('every event gets the same answer, queued or ignored', async () => {
    const { athleteId } = await linkedUser(1);
    const post = async (event: Record<string, unknown>) => {
      const answer = await webhookRoute.POST(
        new Request('http://127.0.0.1:3000/api/v1/strava/webhook', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-stride-peer': '10.11.8.1' },
          body: JSON.stringify({ object_type: 'activity', aspect_type: 'create', subscription_id: double.push.subscription?.id ?? 1, event_time: 1, ...event }),
        }),
        { params: Promise.resolve({}) },
      );
      return [answer.status, await answer.text()];
    };
    const answers = [
      await post({ object_id: athleteId * 1_000 + 77, owner_id: athleteId }),
      await post({ object_id: 5, owner_id: 999_999 }),
      await post({ object_id: 6, owner_id: athleteId, subscription_id: 424_242 }),
    ];
    env({ STRAVA_WEBHOOK_SUBSCRIPTION_ID: '424243' });
    answers.push(await post({ object_id: 7, owner_id: athleteId, subscription_id: 424_242 }));
    await runJobs();
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify([200, '{"received":true}'])]));
  });

  it('with STRAVA_WEBHOOK_VERIFY_TOKEN unset push is off: the validation GET and every event POST answer 404, nothing is queued', async () => {
    const { athleteId } = await linkedUser(1);
    applyTestEnv({ ...stravaDoubleEnv(double) });
    const jobsBefore = (await database.db.select().from(jobs)).length;
    const call = (method: 'GET' | 'POST', query: string, body?: string) =>
      webhookRoute[method](
        new Request(`http://127.0.0.1:3000/api/v1/strava/webhook${query}`, {
          method,
          headers: { 'content-type': 'application/json', 'x-stride-peer': '10.11.8.2' },
          body,
        }),
        { params: Promise.resolve({}) },
      );
    const statuses = [
      (await call('GET', '?hub.mode=subscribe&hub.challenge=abc&hub.verify_token=')).status,
      (await call('GET', '?hub.mode=subscribe&hub.challenge=abc')).status,
      (await call('GET', '')).status,
      (
        await call(
          'POST',
          '',
          JSON.stringify({ object_type: 'activity', object_id: 1, aspect_type: 'create', owner_id: athleteId, subscription_id: 1, event_time: 1 }),
        )
      ).status,
      (await call('POST', '', '{"object_type":"athlete"}')).status,
      (await call('POST', '', 'not json')).status,
    ];
    expect(statuses).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await database.db.select().from(jobs)).length).toBe(jobsBefore);
  });

  it('forged creates: duplicates are dropped, and past 20 events of one athlete in 15 minutes none is fetched', async () => {
    const { athleteId } = await linkedUser(0);
    const fetched = () => double.apiRequests(/^\/api\/v3\/activities\/555/).length;
    const post = (objectId: number, peer: number) =>
      webhookRoute.POST(
        new Request('http://127.0.0.1:3000/api/v1/strava/webhook', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-stride-peer': `10.12.0.${peer}` },
          body: JSON.stringify({
            object_type: 'activity',
            object_id: objectId,
            aspect_type: 'create',
            owner_id: athleteId,
            subscription_id: double.push.subscription?.id ?? 1,
            event_time: 1,
          }),
        }),
        { params: Promise.resolve({}) },
      );
    // the same fake id five times, then 40 fake ids, each from its own address
    for (let i = 0; i < 5; i++) expect((await post(555_000, i + 1)).status).toBe(200);
    for (let i = 0; i < 40; i++) expect((await post(555_001 + i, i + 10)).status).toBe(200);
    await runJobs();
    // 1 for the repeated id, 19 more until the athlete's count of 20 is reached
    expect(fetched()).toBe(20);
  });

  it("push stops fetching at half of Strava's budget (its jobs wait for the next window); a sync still fetches", async () => {
    const pushed = await linkedUser(1);
    const synced = await linkedUser(3);
    // a sync's answers report 51 of the 100 reads of this quarter hour
    double.quota.spend(50);
    await enqueueJob(database.db, {
      kind: 'provider_sync',
      userId: synced.userId,
      payload: { userId: synced.userId, start_date: '2026-05-01', end_date: '2026-06-01' },
    });
    await runJobs();
    const before = double.apiRequests().length;
    await double.push.deliver({
      object_type: 'activity',
      object_id: double.activitiesOf(pushed.athleteId)[0]!.summary.id,
      aspect_type: 'create',
      owner_id: pushed.athleteId,
    });
    await runJobs();
    expect(double.apiRequests().length).toBe(before);
    const nextQuarter = (Math.floor(clock / 900_000) + 1) * 900_000;
    expect(await lastJob()).toMatchObject({ status: 'running', progress: { waiting_for_quota_until: new Date(nextQuarter).toISOString() } });
    // the sync's share is untouched: another sync fetches now
    await enqueueJob(database.db, {
      kind: 'provider_sync',
      userId: synced.userId,
      payload: { userId: synced.userId, start_date: '2026-04-01', end_date: '2026-06-01' },
    });
    await runJobs();
    expect(double.apiRequests().length).toBeGreaterThan(before);
    clock = nextQuarter + 1000; // Strava's next window
    await runJobs();
    expect(await storedFromStrava(pushed.userId)).toHaveLength(1);
  });

  it('while the provider flag is set the job waits for the quota (no request), then stores the activity', async () => {
    const { userId, athleteId } = await linkedUser(1);
    const [summary] = double.activitiesOf(athleteId).map((a) => a.summary);
    const until = new Date(clock + 15 * 60_000);
    await markProviderShortTermLimited('strava', new Date(clock)); // 900 s from now: until
    const before = double.apiRequests().length;
    await double.push.deliver({ object_type: 'activity', object_id: summary!.id, aspect_type: 'create', owner_id: athleteId });
    await runJobs();
    expect(double.apiRequests().length).toBe(before);
    expect(await lastJob()).toMatchObject({ status: 'running', progress: { waiting_for_quota_until: until.toISOString() } });
    clock = until.getTime() + 1000;
    await runJobs();
    expect(await lastJob()).toMatchObject({ status: 'succeeded', progress: { created: 1, waiting_for_quota_until: null } });
    expect(await storedFromStrava(userId)).toHaveLength(1);
  });

  it('under Inngest the same body sleeps for the quota (step.sleepUntil), then stores the activity', async () => {
    const { userId, athleteId } = await linkedUser(1);
    const [summary] = double.activitiesOf(athleteId).map((a) => a.summary);
    const until = new Date(clock + 15 * 60_000);
    await markProviderShortTermLimited('strava', new Date(clock)); // 900 s from now: until
    await double.push.deliver({ object_type: 'activity', object_id: summary!.id, aspect_type: 'create', owner_id: athleteId });
    const job = await lastJob();
    const t = new InngestTestEngine({ function: stravaPushFunction, events: [{ name: jobEventName('strava_push'), data: { job_id: job.id } }] });
    const { result, ctx } = await t.execute({
      steps: [
        {
          id: 'quota wait 1',
          handler: () => {
            clock = until.getTime() + 1000;
          },
        },
      ],
    });
    expect(result).toBe('succeeded');
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith('quota wait 1', until.toISOString());
    expect(await storedFromStrava(userId)).toHaveLength(1);
  });

  it('requests per new activity at the double: push 3 each; the date-range sync of the same activities 2 each plus 1 list page', async () => {
    const pushed = await linkedUser(10);
    const synced = await linkedUser(10);
    const before = double.apiRequests().length;
    for (const a of double.activitiesOf(pushed.athleteId))
      await double.push.deliver({ object_type: 'activity', object_id: a.summary.id, aspect_type: 'create', owner_id: pushed.athleteId });
    await runJobs();
    const viaPush = double.apiRequests().length - before;
    await enqueueJob(database.db, {
      kind: 'provider_sync',
      userId: synced.userId,
      payload: { userId: synced.userId, start_date: '2026-05-01', end_date: '2026-06-01' },
    });
    await runJobs();
    const viaSync = double.apiRequests().length - before - viaPush;
    expect((await storedFromStrava(pushed.userId)).length).toBe(10);
    expect((await storedFromStrava(synced.userId)).length).toBe(10);
    expect([viaPush, viaSync]).toEqual([30, 21]);
  });

  it('a malformed event is a 400 or 422 problem, never a 500, and queues nothing', async () => {
    const post = (body: string) =>
      webhookRoute.POST(new Request('http://127.0.0.1:3000/api/v1/strava/webhook', { method: 'POST', headers: { 'content-type': 'application/json' }, body }), {
        params: Promise.resolve({}),
      });
    // spec: Errors: missing fields are a 400, a present field with a wrong value a 422
    expect((await post('{"object_type":"gear","object_id":1}')).status).toBe(400);
    expect((await post('{"object_type":"gear","object_id":1,"aspect_type":"create","owner_id":2,"subscription_id":3,"event_time":4}')).status).toBe(422);
    expect((await post('not json')).status).toBe(400);
  });

  it('the admin page manages the subscription over tRPC through the same services; a regular user is refused', async () => {
    const caller = async (accessType: 'admin' | 'regular') => {
      const [user] = await database.db
        .insert(users)
        .values({ username: `push-${accessType}-${Math.random().toString(36).slice(2)}`, accessType })
        .returning();
      const { accessToken } = await createSession(database.db, { id: user!.id, accessType }, { clientType: 'mobile', ipAddress: '10.11.5.1', userAgent: null });
      const req = new Request('http://127.0.0.1/api/trpc', { headers: { 'x-stride-peer': '10.11.5.1', authorization: `Bearer ${accessToken}` } });
      return createCallerFactory(appRouter)(await createTrpcContext({ req }));
    };
    // Strava calls back PUBLIC_URL + /api/v1/strava/webhook: here, Stride's handlers on loopback
    env({ PUBLIC_URL: new URL(callbackUrl).origin });
    try {
      const admin = await caller('admin');
      const before = await admin.admin.stravaPush();
      expect(before).toMatchObject({ callback_url: callbackUrl, verify_token_set: true, subscription_id_setting: null });
      for (const { id } of before.subscriptions) await admin.admin.deleteStravaPush({ id });
      const created = await admin.admin.createStravaPush();
      expect(double.push.subscription).toMatchObject({ id: created.id, callback_url: callbackUrl });
      expect((await admin.admin.stravaPush()).subscriptions).toEqual([expect.objectContaining({ id: created.id, callback_url: callbackUrl })]);
      await admin.admin.deleteStravaPush({ id: created.id });
      expect(await listStravaPushSubscriptions()).toEqual([]);
      await expect((await caller('regular')).admin.stravaPush()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    } finally {
      env();
    }
  });

  it('spec: Limits: Rate limits: events count on the WRITE tier per address, so the 31st in a minute from one address is a 429', async () => {
    const post = () =>
      webhookRoute.POST(
        new Request('http://127.0.0.1:3000/api/v1/strava/webhook', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-stride-peer': '10.11.9.9' },
          body: '{}',
        }),
        { params: Promise.resolve({}) },
      );
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await post()).status);
    expect(statuses).toEqual([...Array<number>(30).fill(400), 429]);
    const refused = await post();
    expect(refused.headers.get('x-ratelimit-limit')).toBe('30');
  });
});
