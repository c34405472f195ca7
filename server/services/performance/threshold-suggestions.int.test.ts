import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as acceptRoute from '@/app/api/v1/profile/thresholds/suggestions/[suggestion_id]/accept/route';
import * as dismissRoute from '@/app/api/v1/profile/thresholds/suggestions/[suggestion_id]/dismiss/route';
import * as suggestionsRoute from '@/app/api/v1/profile/thresholds/suggestions/route';
import { activityEfforts, notifications, webhookDeliveries, webhooks } from '@/db/schema';
import { parseActivityFile, type ParsedActivity } from '@/server/formats';
import { readCorpusFile } from '@/server/formats/test-support/corpus';
import { parsedActivity } from '@/server/formats/test-support/parsed-activity';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { ingestActivities } from '../ingestion/ingest-activities';
import { prepareActivity } from '../ingestion/prepare-activity';
import { createThreshold } from '../training-load/create-threshold';
import { listThresholds } from '../training-load/list-thresholds';
import { createThresholdInput } from '../training-load/schemas';
import type { ThresholdSuggestionResponse } from './schemas';

const BASE = 'http://127.0.0.1:3000';
let peer = 0;
const request = (method: string, path: string, token: string) =>
  new Request(BASE + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'x-client-type': 'mobile', 'x-stride-peer': `10.9.0.${(peer += 1) % 250}` },
  });

describe.each(testEngines())('suggested thresholds on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    useTestEnv();
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
  });
  afterAll(() => database.close());

  const store = async (userId: number, parsed: ParsedActivity[]) =>
    (await ingestActivities(database.db, userId, parsed.map(prepareActivity), { source: 'upload' }, { awaitSubscribers: true })).map((i) => i.row.id);
  const suggestions = async (token: string) =>
    (await (
      await suggestionsRoute.GET(request('GET', '/api/v1/profile/thresholds/suggestions', token), { params: Promise.resolve({}) })
    ).json()) as ThresholdSuggestionResponse[];
  const params = (id: number) => ({ params: Promise.resolve({ suggestion_id: String(id) }) });

  it('Suggested thresholds (issue 52): a corpus ride whose 20 min beat the FTP in effect by ≥ 3 % is offered (notification, threshold.suggested); accepting writes the dated entry', async () => {
    const user = await signedInUser(database.db);
    await database.db
      .insert(webhooks)
      .values({ id: randomUUID(), userId: user.userId, url: 'https://hooks.example/t', events: ['threshold.suggested'], secret: 'x' });
    const file = 'tcx/garmin_edge705_ride_power_large.tcx';
    const parsed = await parseActivityFile(readCorpusFile(file), file);
    // the ride's own 20 minutes, read from its stored efforts after a first upload by another user
    const probe = await signedInUser(database.db);
    const [probeId] = await store(probe.userId, parsed);
    const [twenty] = await database.db
      .select()
      .from(activityEfforts)
      .where(and(eq(activityEfforts.activityId, probeId!), eq(activityEfforts.kind, 'power'), eq(activityEfforts.measure, 1200)));
    const estimate = Math.round(twenty!.value * 0.95);

    // in effect: an FTP the estimate beats by 5 %, and by under 3 % for a second user
    const entry = { effective_from: '2000-01-01', max_hr: 200, resting_hr: 50, lthr: 170, threshold_pace: 300 };
    await createThreshold(database.db, user.userId, createThresholdInput.parse({ ...entry, ftp: Math.round(estimate / 1.05) }));
    const close = await signedInUser(database.db);
    await createThreshold(database.db, close.userId, createThresholdInput.parse({ ...entry, ftp: Math.round(estimate / 1.02) }));
    const [rideId] = await store(user.userId, parsed);
    await store(close.userId, parsed);

    expect(await suggestions(close.token)).toEqual([]);
    const [offered, ...more] = await suggestions(user.token);
    expect(more).toEqual([]);
    expect(offered).toMatchObject({ activity_id: rideId, ftp: estimate, threshold_pace: null, max_hr: null });
    const notes = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.userId), eq(notifications.kind, 'threshold_suggested')));
    expect(notes).toHaveLength(1);
    const deliveries = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.event, 'threshold.suggested'));
    expect(deliveries.filter((d) => d.body.includes(`"suggestion_id":${offered!.id},`))).toHaveLength(1);

    // another user cannot accept it
    expect((await acceptRoute.POST(request('POST', `/x`, close.token), params(offered!.id))).status).toBe(404);
    const accepted = await acceptRoute.POST(request('POST', `/x`, user.token), params(offered!.id));
    expect(accepted.status).toBe(201);
    const thresholds = await listThresholds(database.db, user.userId);
    expect(thresholds.find((t) => t.effective_from === offered!.effective_from)).toMatchObject({
      ...entry,
      effective_from: offered!.effective_from,
      ftp: estimate,
    });
    expect(await suggestions(user.token)).toEqual([]);
    expect((await acceptRoute.POST(request('POST', `/x`, user.token), params(offered!.id))).status).toBe(404);
  });

  it('Suggested thresholds (issue 52): a heart rate above the recorded max is offered; dismissing closes it without an entry', async () => {
    const user = await signedInUser(database.db);
    await createThreshold(database.db, user.userId, createThresholdInput.parse({ effective_from: '2025-01-01', max_hr: 185 }));
    const run = (day: string, maxHr: number) =>
      parsedActivity({ startTime: new Date(`${day}T07:00:00Z`), totalElapsedTime: 600, maxHr, streams: { time: [0, 600], distance: [0, 2000] } });
    await store(user.userId, [run('2025-03-01', 184), run('2025-03-02', 192)]);
    const [offered, ...more] = await suggestions(user.token);
    expect(more).toEqual([]);
    expect(offered).toMatchObject({ effective_from: '2025-03-02', max_hr: 192, ftp: null, threshold_pace: null });
    expect((await dismissRoute.POST(request('POST', '/x', user.token), params(offered!.id))).status).toBe(204);
    expect(await suggestions(user.token)).toEqual([]);
    expect(await listThresholds(database.db, user.userId)).toHaveLength(1);
    expect((await dismissRoute.POST(request('POST', '/x', user.token), params(offered!.id))).status).toBe(404);

    // not repeated: after the dismissal only a max beating 192 by 3 % (197.76) is offered again
    await store(user.userId, [run('2025-03-03', 197)]);
    expect(await suggestions(user.token)).toEqual([]);
    await store(user.userId, [run('2025-03-04', 198)]);
    const [again, ...others] = await suggestions(user.token);
    expect(others).toEqual([]);
    expect(again).toMatchObject({ effective_from: '2025-03-04', max_hr: 198 });
    expect((await acceptRoute.POST(request('POST', '/x', user.token), params(again!.id))).status).toBe(201);
    // after the acceptance: 200 is above the recorded max (198) but not 3 % above the accepted 198; 204 is
    await store(user.userId, [run('2025-03-05', 200)]);
    expect(await suggestions(user.token)).toEqual([]);
    await store(user.userId, [run('2025-03-06', 204)]);
    expect((await suggestions(user.token)).map((o) => o.max_hr)).toEqual([204]);
    const notes = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.userId), eq(notifications.kind, 'threshold_suggested')));
    expect(notes).toHaveLength(3);
  });

  it('Suggested thresholds (issue 52): after a dismissed FTP suggestion, a ride is offered again only ≥ 3 % above it', async () => {
    const user = await signedInUser(database.db);
    await createThreshold(database.db, user.userId, createThresholdInput.parse({ effective_from: '2025-01-01', ftp: 200 }));
    // 21 minutes at a steady power: FTP estimate 95 % of it
    const ride = (day: string, watts: number) => {
      const time = Array.from({ length: 1261 }, (_, s) => s);
      return parsedActivity({
        activityType: 'ride',
        startTime: new Date(`${day}T07:00:00Z`),
        totalElapsedTime: 1260,
        streams: { time, distance: time.map((s) => s * 8), power: time.map(() => watts) },
      });
    };
    await store(user.userId, [ride('2025-05-01', 240)]);
    const [first] = await suggestions(user.token);
    expect(first).toMatchObject({ ftp: 228 });
    expect((await dismissRoute.POST(request('POST', '/x', user.token), params(first!.id))).status).toBe(204);
    // 95 % of 246 W is 234 W: above the FTP in effect, 2.6 % above the dismissed 228 W
    await store(user.userId, [ride('2025-05-02', 246)]);
    expect(await suggestions(user.token)).toEqual([]);
    // 95 % of 248 W is 236 W: 3.5 % above it
    await store(user.userId, [ride('2025-05-03', 248)]);
    expect((await suggestions(user.token)).map((o) => o.ftp)).toEqual([236]);
  });

  it('Suggested thresholds (issue 52): a run that takes part in a critical-speed fit ≥ 3 % faster than the threshold pace is offered that pace', async () => {
    const user = await signedInUser(database.db);
    await createThreshold(database.db, user.userId, createThresholdInput.parse({ effective_from: '2025-01-01', threshold_pace: 260 }));
    // runs covering D in (D − 180 m) / 4.2 m/s: CS 4.2 m/s is 238 s/km
    const run = (d: number, k: number) => {
      const t = Math.round((d - 180) / 4.2);
      const time = Array.from({ length: t + 2 }, (_, s) => s);
      return parsedActivity({
        startTime: new Date(`2025-04-0${k + 1}T07:00:00Z`),
        totalElapsedTime: t + 1,
        streams: { time, distance: time.map((s) => (s * d) / t) },
      });
    };
    for (const [k, d] of [1000, 1609, 3219, 5000].entries()) await store(user.userId, [run(d, k)]);
    const offered = await suggestions(user.token);
    // two runs give too few efforts; the third and fourth each take part in a fit
    expect(offered.map((o) => o.effective_from)).toEqual(['2025-04-03', '2025-04-04']);
    expect(Math.abs(offered[1]!.threshold_pace! - 1000 / 4.2) / (1000 / 4.2)).toBeLessThan(0.02);
  });
});
