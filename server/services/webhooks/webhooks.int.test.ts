import { createHash, createHmac } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InngestTestEngine } from '@inngest/test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as webhooksRoute from '@/app/api/v1/profile/webhooks/route';
import * as webhookRoute from '@/app/api/v1/profile/webhooks/[webhook_id]/route';
import * as deliveriesRoute from '@/app/api/v1/profile/webhooks/[webhook_id]/deliveries/route';
import * as testRoute from '@/app/api/v1/profile/webhooks/[webhook_id]/test/route';
import { jobs, webhookDeliveries } from '@/db/schema';
import { jobEventName } from '@/server/job-queue/inngest-client';
import { webhookDeliveryFunction } from '@/inngest/functions/webhook-delivery';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { enqueueJob } from '@/server/job-queue/enqueue-job';
import { setJobBodyForTests } from '@/server/jobs/job-bodies';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { nowMs, setClockForTests } from '@/server/clock';
import { useDatabaseForTests } from '@/server/runtime';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { startWebhookReceiver, type ReceivedRequest, type WebhookReceiver } from '@/server/testing/webhook-receiver';
import { settleEvents } from '@/server/events/activity-created';
import { CORPUS_DIR } from '@/server/formats/test-support/corpus';
import { uploadTempDir } from '@/server/stored-files/originals';
import { deleteActivity } from '../activities/delete-activity';
import { updateActivity } from '../activities/update-activity';
import { createActivitiesFromUpload } from '../uploads/create-activities-from-upload';
import { guardedPost } from '@/server/util/guarded-post';
import { waitUntil } from '@/server/testing/wait-until';
import { MAX_WEBHOOKS_PER_USER } from './create-webhook';
import { queueWebhookEvent } from './queue-webhook-event';

const BASE = 'http://127.0.0.1:3000/api/v1';
let peer = 0;
const call = (
  handler: (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>,
  token: string,
  init: { method?: string; body?: unknown; params?: Record<string, string> } = {},
) =>
  handler(
    new Request(
      `${BASE}/profile/webhooks${init.params?.webhook_id ? `/${init.params.webhook_id}${handler === deliveriesRoute.GET ? '/deliveries' : handler === testRoute.POST ? '/test' : ''}` : ''}`,
      {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          'x-client-type': 'mobile',
          'x-stride-peer': `10.7.0.${(peer += 1) % 250}`,
          'content-type': 'application/json',
        },
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      },
    ),
    { params: Promise.resolve(init.params ?? {}) },
  );

/** The receiver's check, written from CONTRACT's words only: sha256= hex HMAC-SHA256 of "<timestamp>.<body>". */
function verifiedBy(secret: string, request: ReceivedRequest): boolean {
  const timestamp = request.headers['x-stride-timestamp'] as string;
  const mac = createHmac('sha256', Buffer.from(secret, 'utf8'));
  mac.update(Buffer.from(`${timestamp}.`, 'utf8'));
  mac.update(Buffer.from(request.body, 'utf8'));
  return request.headers['x-stride-signature'] === `sha256=${mac.digest('hex')}`;
}

describe.each(testEngines())('outgoing webhooks on %s (CONTRACT: Beyond the spec … Integrations)', (engine) => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  const runJobs = () => new EmbeddedRunner(database.db, { pollMs: 20 }).drain();
  const deliveryRow = async (id: string) => (await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;
  const subscribe = async (token: string, events: string[], url = receiver.url) => {
    const res = await call(webhooksRoute.POST, token, { method: 'POST', body: { url, events } });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; secret: string; url: string; events: string[] };
  };
  /** Advances the project clock past the next retry and runs what is due, as after a restart (a new runner). */
  const runRetry = async (deliveryId: string) => {
    const { nextAttemptAt } = await deliveryRow(deliveryId);
    setClockForTests(nextAttemptAt!.getTime() + 1000);
    return runJobs();
  };

  beforeAll(async () => {
    useTestEnv({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_SECONDS: '0.5', WEBHOOK_RETRY_BASE_SECONDS: '30' });
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
    receiver = await startWebhookReceiver();
  });
  afterEach(() => {
    setClockForTests(undefined);
    receiver.received.length = 0;
    receiver.answers.length = 0;
  });
  afterAll(async () => {
    setJobBodyForTests('archive_import', undefined);
    await receiver.close();
    await database.close();
  });

  it('create shows the secret once; the list never does; bad input is 422; other users get 404', async () => {
    const { token } = await signedInUser(database.db);
    const created = await subscribe(token, ['activity.created', 'job.finished']);
    expect(created.secret).toMatch(/^whsec_/);
    const listed = (await (await call(webhooksRoute.GET, token)).json()) as Record<string, unknown>[];
    expect(listed).toEqual([{ id: created.id, url: receiver.url, events: ['activity.created', 'job.finished'], created_at: expect.any(String) }]);
    for (const body of [
      { url: 'ftp://example.com/x', events: ['activity.created'] },
      { url: 'https://example.com/x', events: ['activity.exploded'] },
      { url: 'https://example.com/x', events: [] },
      { url: 'https://user:pw@example.com/x', events: ['activity.created'] },
      { url: 'https://example.com/x', events: ['activity.created', 'activity.created'] },
    ])
      expect((await call(webhooksRoute.POST, token, { method: 'POST', body })).status).toBe(422);
    const stranger = await signedInUser(database.db);
    expect((await call(deliveriesRoute.GET, stranger.token, { params: { webhook_id: created.id } })).status).toBe(404);
    expect((await call(webhookRoute.DELETE, stranger.token, { method: 'DELETE', params: { webhook_id: created.id } })).status).toBe(404);
    expect((await call(webhookRoute.DELETE, token, { method: 'DELETE', params: { webhook_id: 'not-a-uuid' } })).status).toBe(404);
    expect((await call(webhookRoute.DELETE, token, { method: 'DELETE', params: { webhook_id: created.id } })).status).toBe(204);
    expect(await (await call(webhooksRoute.GET, token)).json()).toEqual([]);
  });

  it('a delivery carries the body and headers CONTRACT gives, and its signature verifies independently', async () => {
    const { token, userId } = await signedInUser(database.db);
    const hook = await subscribe(token, ['activity.updated']);
    await queueWebhookEvent(database.db, userId, 'activity.updated', { activity_id: 42 });
    await queueWebhookEvent(database.db, userId, 'activity.deleted', { activity_id: 42 }); // not subscribed
    expect(await runJobs()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const body = JSON.parse(request!.body) as Record<string, unknown>;
    expect(body).toEqual({ id: expect.any(String), event: 'activity.updated', created_at: expect.stringMatching(/Z$/), data: { activity_id: 42 } });
    expect(request!.headers).toMatchObject({ 'x-stride-event': 'activity.updated', 'x-stride-delivery': body.id, 'content-type': 'application/json' });
    expect(Math.abs(Number(request!.headers['x-stride-timestamp']) - nowMs() / 1000)).toBeLessThan(120);
    expect(verifiedBy(hook.secret, request!)).toBe(true);
    expect(verifiedBy(`${hook.secret}x`, request!)).toBe(false);
    const log = (await (await call(deliveriesRoute.GET, token, { params: { webhook_id: hook.id } })).json()) as Record<string, unknown>[];
    expect(log).toEqual([
      expect.objectContaining({ id: body.id, event: 'activity.updated', status: 'succeeded', attempts: 1, response_status: 200, last_error: null }),
    ]);
  });

  it('activity.created (after an upload, once its answer is out), activity.updated and activity.deleted reach a subscriber', async () => {
    const { token, userId } = await signedInUser(database.db);
    const hook = await subscribe(token, ['activity.created', 'activity.updated', 'activity.deleted']);
    const bytes = await readFile(join(CORPUS_DIR, 'fit/garmin_fenix5_walk_tiny.fit'));
    const temp = join(uploadTempDir(), `webhook-test-${Date.now()}.fit`);
    await mkdir(uploadTempDir(), { recursive: true });
    await writeFile(temp, bytes);
    const answer = await createActivitiesFromUpload(database.db, userId, {
      path: temp,
      filename: 'walk.fit',
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    const id = answer.activities[0]!.id;
    await settleEvents();
    await updateActivity(database.db, userId, id, { name: 'Renamed' }, undefined);
    await deleteActivity(database.db, userId, id);
    await runJobs();
    const received = receiver.received.map((r) => JSON.parse(r.body) as { event: string; data: unknown });
    expect(received.map((b) => [b.event, b.data]).sort()).toEqual([
      ['activity.created', { activity_id: id }],
      ['activity.deleted', { activity_id: id }],
      ['activity.updated', { activity_id: id }],
    ]);
    expect(receiver.received.every((r) => verifiedBy(hook.secret, r))).toBe(true);
  });

  it('a failing receiver is retried with backoff by the job runner, across restarts, with the same delivery id, until it answers 2xx', async () => {
    const { token } = await signedInUser(database.db);
    const hook = await subscribe(token, ['activity.created']);
    receiver.answers.push(500, 302, 'hang');
    const res = await call(testRoute.POST, token, { method: 'POST', params: { webhook_id: hook.id } });
    expect(res.status).toBe(202);
    const { delivery_id } = (await res.json()) as { delivery_id: string };
    await runJobs();
    expect(await deliveryRow(delivery_id)).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500 });
    const first = await deliveryRow(delivery_id);
    expect(first.nextAttemptAt!.getTime() - first.lastAttemptAt!.getTime()).toBeGreaterThanOrEqual(30_000);
    expect(await runJobs()).toBe(0); // not due before its time
    await runRetry(delivery_id);
    expect(await deliveryRow(delivery_id)).toMatchObject({ status: 'pending', attempts: 2, responseStatus: 302 }); // a redirect is not followed
    await runRetry(delivery_id);
    expect(await deliveryRow(delivery_id)).toMatchObject({ status: 'pending', attempts: 3, responseStatus: null, lastError: 'no answer within 500 ms' });
    await runRetry(delivery_id);
    expect(await deliveryRow(delivery_id)).toMatchObject({ status: 'succeeded', attempts: 4, responseStatus: 200 });
    expect(receiver.received.map((r) => r.headers['x-stride-delivery'])).toEqual([delivery_id, delivery_id, delivery_id, delivery_id]);
    expect(new Set(receiver.received.map((r) => JSON.parse(r.body).id as string))).toEqual(new Set([delivery_id]));
    expect(receiver.received.every((r) => verifiedBy(hook.secret, r))).toBe(true);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ event: 'ping', data: { webhook_id: hook.id } });
  });

  it('under Inngest the same body retries through step.sleepUntil, with the same delivery id', async () => {
    const { token } = await signedInUser(database.db);
    const hook = await subscribe(token, ['activity.created']);
    receiver.answers.push(500);
    const { delivery_id } = (await (await call(testRoute.POST, token, { method: 'POST', params: { webhook_id: hook.id } })).json()) as { delivery_id: string };
    const [job] = await database.db.select().from(jobs).where(eq(jobs.payload, { delivery_id }));
    const t = new InngestTestEngine({ function: webhookDeliveryFunction, events: [{ name: jobEventName('webhook_delivery'), data: { job_id: job!.id } }] });
    const { result, ctx } = await t.execute({ steps: [{ id: 'retry 1', handler: () => undefined }] });
    expect(result).toBe('succeeded');
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith('retry 1', expect.any(String));
    expect(await deliveryRow(delivery_id)).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(receiver.received.map((r) => r.headers['x-stride-delivery'])).toEqual([delivery_id, delivery_id]);
  });

  it('gives up after 6 attempts spread over at least 10 minutes; the job still ends succeeded', async () => {
    const { token } = await signedInUser(database.db);
    const hook = await subscribe(token, ['activity.created']);
    receiver.answers.push(503, 503, 503, 503, 503, 503);
    const { delivery_id } = (await (await call(testRoute.POST, token, { method: 'POST', params: { webhook_id: hook.id } })).json()) as { delivery_id: string };
    await runJobs();
    const started = nowMs();
    for (let i = 0; i < 5; i++) await runRetry(delivery_id);
    const row = await deliveryRow(delivery_id);
    expect(row).toMatchObject({ status: 'failed', attempts: 6, nextAttemptAt: null });
    expect(row.lastAttemptAt!.getTime() - started).toBeGreaterThanOrEqual(10 * 60_000);
    expect(receiver.received).toHaveLength(6);
    const [job] = await database.db.select().from(jobs).where(eq(jobs.kind, 'webhook_delivery'));
    expect(job).toBeDefined();
  });

  it('job.finished is delivered once when a job ends, with its id, kind and status', async () => {
    const { token, userId } = await signedInUser(database.db);
    const hook = await subscribe(token, ['job.finished']);
    setJobBodyForTests('archive_import', async () => ({ ok: true }));
    const job = await enqueueJob(database.db, { kind: 'archive_import', userId, payload: {} });
    await runJobs();
    expect(receiver.received.map((r) => JSON.parse(r.body).data)).toEqual([{ job_id: job.id, kind: 'archive_import', status: 'succeeded' }]);
    expect(verifiedBy(hook.secret, receiver.received[0]!)).toBe(true);
  });

  it('at most 10 webhooks per user: the 11th is a 422 problem, deleting one frees a place, other users are not affected (issue 49, case 7)', async () => {
    const { token } = await signedInUser(database.db);
    const created = [];
    for (let i = 0; i < MAX_WEBHOOKS_PER_USER; i++) created.push(await subscribe(token, ['activity.created'], `${receiver.url}?n=${i}`));
    const refused = await call(webhooksRoute.POST, token, { method: 'POST', body: { url: receiver.url, events: ['activity.created'] } });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ errors: [{ field: '/url', message: 'at most 10 webhooks per user: delete one first' }] });
    expect((await call(webhookRoute.DELETE, token, { method: 'DELETE', params: { webhook_id: created[0]!.id } })).status).toBe(204);
    await subscribe(token, ['activity.created']);
    await subscribe((await signedInUser(database.db)).token, ['activity.created']);
  });

  it('the deadline covers the whole attempt: a receiver that stalls before its headers or in its body is cut off (issue 49, case 7)', async () => {
    for (const answer of ['hang', 'stall'] as const) {
      receiver.answers.push(answer);
      const started = performance.now();
      await expect(guardedPost(new URL(receiver.url), '{}', {}, { timeoutMs: 300, allowPrivate: true }), answer).rejects.toThrow('no answer within 300 ms');
      expect(performance.now() - started, answer).toBeLessThan(2_000);
    }
  });

  it("one user's stalled receivers never hold the runner: another user's job runs meanwhile, deliveries one per user at a time (issue 49, case 7)", async () => {
    const stalled = await signedInUser(database.db);
    const other = await signedInUser(database.db);
    for (let i = 0; i < MAX_WEBHOOKS_PER_USER; i++) await subscribe(stalled.token, ['activity.deleted'], `${receiver.url}?n=${i}`);
    receiver.answers.push(...Array<'hang'>(MAX_WEBHOOKS_PER_USER).fill('hang'));
    useTestEnv({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_SECONDS: '4', WEBHOOK_RETRY_BASE_SECONDS: '30' });
    setJobBodyForTests('archive_import', async () => ({ ok: true }));
    const runner = new EmbeddedRunner(database.db, { concurrency: 2, deliveryConcurrency: 2, pollMs: 20 });
    try {
      await queueWebhookEvent(database.db, stalled.userId, 'activity.deleted', { activity_id: 1 });
      runner.start();
      await waitUntil(() => receiver.received.length >= 1, 5_000, 'the first stalled delivery');
      const started = performance.now();
      const job = await enqueueJob(database.db, { kind: 'archive_import', userId: other.userId, payload: {} });
      runner.wake();
      const finished = async () => (await database.db.select().from(jobs).where(eq(jobs.id, job.id)))[0]!.status === 'succeeded';
      await waitUntil(finished, 3_000, "the other user's job while the deliveries stall");
      expect(performance.now() - started).toBeLessThan(3_000);
      // one of the stalled user's deliveries at a time, though two delivery slots are free
      expect(receiver.received.length).toBe(1);
    } finally {
      await runner.stop();
      useTestEnv({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_SECONDS: '0.5', WEBHOOK_RETRY_BASE_SECONDS: '30' });
      receiver.answers.length = 0;
      // the deliveries left are not this test's to run
      await database.db.delete(jobs).where(eq(jobs.kind, 'webhook_delivery'));
    }
  });

  it('special-purpose targets (shared, benchmarking, documentation, multicast, reserved, mapped and NAT64 forms) are refused with 422 (issue 49, case 13)', async () => {
    const { token } = await signedInUser(database.db);
    useTestEnv({ WEBHOOK_ALLOW_PRIVATE: 'false' });
    try {
      const refused = [
        'http://100.64.0.1/',
        'http://198.18.0.1/',
        'http://198.19.255.1/',
        'http://192.0.2.1/',
        'http://198.51.100.1/',
        'http://203.0.113.1/',
        'http://[2001:db8::1]/',
        'http://224.0.0.1/',
        'http://239.255.255.250/',
        'http://0.0.0.0/',
        'http://0.1.2.3/',
        'http://240.0.0.1/',
        'http://255.255.255.255/',
        'http://[::ffff:127.0.0.1]/',
        'http://[::ffff:10.0.0.1]/',
        'http://[64:ff9b::10.0.0.1]/',
        'http://[64:ff9b::7f00:1]/',
        'http://[2002:7f00:1::]/',
        'http://2130706433/', // 127.0.0.1 as one number
        'http://0x7f.1/',
      ];
      const statuses = [];
      for (const url of refused) statuses.push((await call(webhooksRoute.POST, token, { method: 'POST', body: { url, events: ['activity.created'] } })).status);
      expect(statuses).toEqual(refused.map(() => 422));
    } finally {
      useTestEnv({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_SECONDS: '0.5', WEBHOOK_RETRY_BASE_SECONDS: '30' });
    }
  });

  it('a URL with a zoned IPv6 literal is a 422 problem, never a 500 (issue 49, case 15)', async () => {
    const { token } = await signedInUser(database.db);
    for (const url of ['http://[fe80::1%25eth0]/', 'http://[fe80::1%eth0]/hook', 'https://[::1%251]:8443/']) {
      const res = await call(webhooksRoute.POST, token, { method: 'POST', body: { url, events: ['activity.created'] } });
      expect(res.status, url).toBe(422);
      expect(res.headers.get('content-type'), url).toContain('application/problem+json');
    }
  });

  it('loopback, private and link-local targets are refused at creation (422) and at delivery, also when DNS changes in between', async () => {
    const { token, userId } = await signedInUser(database.db);
    const allowedName = await subscribe(token, ['activity.deleted'], `http://localhost:${receiver.port}/hook`);
    const allowedLiteral = await subscribe(token, ['activity.deleted'], receiver.url);
    useTestEnv({ WEBHOOK_ALLOW_PRIVATE: 'false', WEBHOOK_TIMEOUT_SECONDS: '0.5' });
    try {
      for (const url of [
        receiver.url,
        `http://localhost:${receiver.port}/`,
        'http://10.0.0.8/',
        'http://169.254.169.254/latest',
        'http://[::1]/',
        'http://192.168.1.1:8080/',
      ]) {
        const refusal = await call(webhooksRoute.POST, token, { method: 'POST', body: { url, events: ['activity.created'] } });
        expect(refusal.status, url).toBe(422);
        // issue 49, case 14: the refusal says the target is not allowed, never what the host resolved to
        const text = await refusal.text();
        expect(JSON.parse(text), url).toMatchObject({ detail: 'url: the target is not allowed' });
        expect(text, url).not.toMatch(/127\.0\.0\.1|::1|10\.0\.0\.8|169\.254|192\.168/);
      }
      // the two hooks created while private targets were allowed stand for a name that now resolves inside
      await queueWebhookEvent(database.db, userId, 'activity.deleted', { activity_id: 7 });
      await runJobs();
      expect(receiver.received).toEqual([]);
      for (const hook of [allowedName, allowedLiteral]) {
        const [entry] = (await (await call(deliveriesRoute.GET, token, { params: { webhook_id: hook.id } })).json()) as {
          last_error: string;
          status: string;
        }[];
        expect(entry).toMatchObject({ status: 'pending', last_error: 'the target is not allowed' });
      }
    } finally {
      useTestEnv({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_SECONDS: '0.5', WEBHOOK_RETRY_BASE_SECONDS: '30' });
    }
  });
});
