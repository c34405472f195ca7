import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as activityEffortsRoute from '@/app/api/v1/activities/[activity_id]/segment_efforts/route';
import * as segmentRoute from '@/app/api/v1/segments/[segment_id]/route';
import * as effortsRoute from '@/app/api/v1/segments/[segment_id]/efforts/route';
import * as rematchRoute from '@/app/api/v1/segments/[segment_id]/rematch/route';
import * as segmentsRoute from '@/app/api/v1/segments/route';
import { activityRoutes, jobs, notifications, segments, webhookDeliveries, webhooks } from '@/db/schema';
import { parseActivityFile, type ParsedActivity } from '@/server/formats';
import { haversine } from '@/server/formats/metrics/haversine';
import { decodePolyline } from '@/server/formats/route/decode-polyline';
import { referencePasses } from '@/server/formats/segments/test-support/reference-passes';
import { REAL_HISTORY_DIR } from '@/server/formats/test-support/real-history';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { bearerRequest, noParams, routeTestDatabase } from '@/server/testing/route-tests';
import { signedInUser } from '@/server/testing/signed-in-user';
import { testEngines } from '@/server/testing/test-database';
import { createTrpcContext } from '@/server/trpc/context';
import { createCallerFactory } from '@/server/trpc/init';
import { appRouter } from '@/server/trpc/root';
import { updateActivity } from '../activities/update-activity';
import { prepareActivity } from '../ingestion/prepare-activity';
import { ingestActivities } from '../ingestion/ingest-activities';
import { queueSegmentMatches } from './queue-segment-match';
import type { ActivitySegmentEffortResponse, SegmentEffortResponse, SegmentResponse } from './schemas';

// CONTRACT: Explorer, goals, gear components, segments (issue 53), end to end over REST and tRPC on
// a real 1 Hz run that passes its own 600 m stretch twice.

const RUN = 'slalom007_14204490666.fit.gz';
const DAY = 86_400_000;

/** The run at another start and pace (`factor` × every time), or backwards. */
function variant(run: ParsedActivity, days: number, factor: number, backwards = false): ParsedActivity {
  const { time, lat, lon, heart_rate } = run.streams;
  const flip = <T>(a: T[] | undefined) => (a && backwards ? [...a].reverse() : a);
  return {
    ...run,
    startTime: new Date(run.startTime.getTime() + days * DAY),
    totalElapsedTime: (run.totalElapsedTime ?? 0) * factor,
    movingTime: (run.movingTime ?? 0) * factor,
    streams: { time: time.map((t) => Math.round(t * factor * 1000) / 1000), lat: flip(lat), lon: flip(lon), heart_rate: flip(heart_rate) },
  };
}

describe.each(testEngines())('segments on %s', (engine) => {
  const database = routeTestDatabase(engine);
  const call = async <T>(res: Promise<Response> | Response, status: number): Promise<T> => {
    const answer = await res;
    expect(answer.status).toBe(status);
    return (answer.status === 204 ? null : await answer.json()) as T;
  };
  const params = (id: number) => ({ params: Promise.resolve({ segment_id: String(id) }) });

  it('a stretch becomes a segment; history, new activities, ranks, PRs, hide/exclude, edits, rematch and privacy follow', async () => {
    const db = database().db;
    const user = await signedInUser(db);
    const other = await signedInUser(db);
    const [run] = await parseActivityFile(fs.readFileSync(path.join(REAL_HISTORY_DIR, 'files', RUN)), RUN);
    const store = async (activity: ParsedActivity) =>
      (await ingestActivities(db, user.userId, [prepareActivity(activity)], { source: 'upload' }, { awaitSubscribers: true }))[0]!.row.id;
    const original = await store(run!);

    // a 600 m stretch from 20 % of the run
    const { time, lat, lon } = run!.streams as { time: number[]; lat: number[]; lon: number[] };
    const k = Math.floor(time.length * 0.2);
    let e = k;
    for (let walked = 0; walked < 600; e++) walked += haversine(lat[e]!, lon[e]!, lat[e + 1]!, lon[e + 1]!);
    const created = await call<SegmentResponse>(
      segmentsRoute.POST(bearerRequest('POST', '/api/v1/segments', user.token, { activity_id: original, start_index: k, end_index: e }), noParams),
      201,
    );
    expect(created).toMatchObject({ sport: 'run', activity_id: original, effort_count: 0 });
    expect(created.distance).toBeGreaterThan(550);

    // the history job matches the run: both of its passes, at the reference's times
    await new EmbeddedRunner(db, { pollMs: 20 }).drain();
    const flat = decodePolyline(created.polyline);
    const line: [number, number][] = [];
    for (let i = 0; i < flat.length; i += 2) line.push([flat[i]!, flat[i + 1]!]);
    const reference = referencePasses(line, { time, lat, lon });
    expect(reference).toHaveLength(2);
    const efforts = async (id = created.id, query = '') =>
      call<SegmentEffortResponse[]>(effortsRoute.GET(bearerRequest('GET', `/api/v1/segments/${id}/efforts${query}`, user.token), params(id)), 200);
    const first = await efforts();
    expect(first).toHaveLength(2);
    const byStart = [...first].sort((a, b) => a.start_time.localeCompare(b.start_time));
    byStart.forEach((effort, i) => {
      expect(Math.abs(effort.elapsed_time - (reference[i]!.exit - reference[i]!.entry))).toBeLessThanOrEqual(1);
      expect(Math.abs(Date.parse(effort.start_time) - (run!.startTime.getTime() + reference[i]!.entry * 1000))).toBeLessThanOrEqual(1000);
    });
    expect(first.map((x) => x.elapsed_time)).toEqual([...first.map((x) => x.elapsed_time)].sort((a, b) => a - b));
    // the later pass is slower here (194 s, then 205 s): it ranks second; the first ranks first
    expect(byStart.map((x) => x.pr_rank)).toEqual([1, 2]);

    // a faster run a day later is matched after it is stored: a new PR, notified and sent to webhooks
    await db
      .insert(webhooks)
      .values({ id: randomUUID(), userId: user.userId, url: 'https://hooks.example/segments', events: ['segment_effort.pr'], secret: 'x' });
    const fast = await store(variant(run!, 1, 0.9));
    const slow = await store(variant(run!, 2, 1.1));
    const backwards = await store(variant(run!, 3, 1, true));
    const all = await efforts();
    expect(all.map((x) => x.activity_id)).toEqual([fast, fast, original, original, slow, slow]);
    expect(all[0]!.pr_rank).toBe(1);
    expect(all.filter((x) => x.activity_id === slow).map((x) => x.pr_rank)).toEqual([null, null]);
    const prs = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.userId), eq(notifications.kind, 'segment_pr')));
    expect(prs.map((n) => n.activityId)).toEqual([fast]);
    const sent = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.event, 'segment_effort.pr'));
    expect(sent.filter((d) => (JSON.parse(d.body) as { data: { activity_id: number } }).data.activity_id === fast)).toHaveLength(1);

    // the activity's own list: its passes in order, with the segment's name
    const ofFast = await call<ActivitySegmentEffortResponse[]>(
      activityEffortsRoute.GET(bearerRequest('GET', `/api/v1/activities/${fast}/segment_efforts`, user.token), {
        params: Promise.resolve({ activity_id: String(fast) }),
      }),
      200,
    );
    expect(ofFast.map((x) => [x.segment_id, x.segment_name, x.pr_rank])).toEqual([
      [created.id, created.name, 1],
      [created.id, created.name, 2],
    ]);
    const none = await call<unknown[]>(
      activityEffortsRoute.GET(bearerRequest('GET', `/api/v1/activities/${backwards}/segment_efforts`, user.token), {
        params: Promise.resolve({ activity_id: String(backwards) }),
      }),
      200,
    );
    expect(none).toEqual([]);

    // hidden: gone from the list and from ranks; excluded from records: listed without a rank, ranks no other
    await updateActivity(db, user.userId, fast, { is_hidden: true }, undefined);
    expect((await efforts()).map((x) => [x.activity_id, x.pr_rank])).toEqual([
      [original, 1],
      [original, 2],
      [slow, 3],
      [slow, null],
    ]);
    await updateActivity(db, user.userId, fast, { is_hidden: false }, undefined);
    await updateActivity(db, user.userId, original, { exclude_from_records: true }, undefined);
    expect((await efforts()).map((x) => [x.activity_id, x.pr_rank])).toEqual([
      [fast, 1],
      [fast, 2],
      [original, null],
      [original, null],
      [slow, 3],
      [slow, null],
    ]);
    await updateActivity(db, user.userId, original, { exclude_from_records: false }, undefined);
    // per year: the runs are all in one year, so the year's ranks are the all-time ones; another year has none
    const year = run!.startTime.getUTCFullYear();
    expect(await efforts(created.id, `?year=${year}`)).toEqual(await efforts());
    expect(await efforts(created.id, `?year=${year - 3}`)).toEqual([]);

    // tRPC twins answer the same
    const caller = createCallerFactory(appRouter)(
      await createTrpcContext({
        req: new Request('http://127.0.0.1:3000/api/trpc', { headers: { authorization: `Bearer ${user.token}`, 'x-stride-peer': '10.53.0.1' } }),
      }),
    );
    expect(await caller.segments.efforts({ id: created.id })).toEqual(await efforts());
    expect((await caller.segments.list({})).map((s) => [s.id, s.effort_count])).toEqual([[created.id, 6]]);

    // list filters: bbox and sport; a malformed bbox is a 400 problem, a bad body a 422 problem
    const list = async (query: string, token = user.token) =>
      call<SegmentResponse[]>(segmentsRoute.GET(bearerRequest('GET', `/api/v1/segments${query}`, token), noParams), 200);
    const [minLon, minLat, maxLon, maxLat] = created.bbox;
    expect((await list(`?bbox=${minLon - 0.01},${minLat - 0.01},${maxLon + 0.01},${maxLat + 0.01}`)).map((s) => s.id)).toEqual([created.id]);
    expect(await list(`?bbox=${maxLon + 0.01},${minLat},${maxLon + 0.02},${maxLat}`)).toEqual([]);
    expect(await list('?sport=ride')).toEqual([]);
    const badBox = await segmentsRoute.GET(bearerRequest('GET', '/api/v1/segments?bbox=1,2,3', user.token), noParams);
    expect([badBox.status, badBox.headers.get('content-type')]).toEqual([400, 'application/problem+json']);
    // spec: Errors: missing (or blank) fields are a 400, wrong values a 422
    for (const [body, status] of [
      [{ activity_id: original, start_index: e, end_index: k }, 422],
      [{ activity_id: original, start_index: k, end_index: time.length }, 422],
      [{ name: 'x', polyline: '??' }, 422],
      [{ name: 'Too short', polyline: created.polyline.slice(0, 8) }, 422],
      [{ name: '', polyline: created.polyline }, 400],
    ] as const) {
      const bad = await segmentsRoute.POST(bearerRequest('POST', '/api/v1/segments', user.token, body), noParams);
      expect([JSON.stringify(body), bad.status, bad.headers.get('content-type')]).toEqual([JSON.stringify(body), status, 'application/problem+json']);
    }

    // private to its owner: another user sees a 404 and lists nothing
    expect(await list('', other.token)).toEqual([]);
    await call(segmentRoute.GET(bearerRequest('GET', `/api/v1/segments/${created.id}`, other.token), params(created.id)), 404);
    await call(effortsRoute.GET(bearerRequest('GET', `/api/v1/segments/${created.id}/efforts`, other.token), params(created.id)), 404);
    await call(segmentRoute.DELETE(bearerRequest('DELETE', `/api/v1/segments/${created.id}`, other.token), params(created.id)), 404);

    // a drawn line (the same polyline) and a rename; a new line drops the efforts until the job matched it again
    const drawn = await call<SegmentResponse>(
      segmentsRoute.POST(bearerRequest('POST', '/api/v1/segments', user.token, { name: 'Drawn', polyline: created.polyline, sport: 'run' }), noParams),
      201,
    );
    await call(segmentRoute.PATCH(bearerRequest('PATCH', `/api/v1/segments/${created.id}`, user.token, { name: 'Renamed' }), params(created.id)), 200);
    expect(await efforts()).toHaveLength(6);
    await call(segmentRoute.PATCH(bearerRequest('PATCH', `/api/v1/segments/${created.id}`, user.token, { polyline: drawn.polyline }), params(created.id)), 200);
    expect(await efforts()).toEqual([]);
    await new EmbeddedRunner(db, { pollMs: 20 }).drain();
    expect((await efforts(drawn.id)).map((x) => x.elapsed_time)).toEqual(all.map((x) => x.elapsed_time));
    expect((await efforts()).map((x) => x.elapsed_time)).toEqual(all.map((x) => x.elapsed_time));

    // rematch: a job (202 with its status); a matcher version bump (an older version) queues one at start
    const job = await call<{ job_id: string; status_url: string }>(
      rematchRoute.POST(bearerRequest('POST', `/api/v1/segments/${created.id}/rematch`, user.token), params(created.id)),
      202,
    );
    await new EmbeddedRunner(db, { pollMs: 20 }).drain();
    const [row] = await db.select().from(jobs).where(eq(jobs.id, job.job_id));
    expect(row).toMatchObject({ status: 'succeeded', kind: 'segment_match', progress: { total: 4, done: 4 } });
    await db.update(segments).set({ matcherVersion: 0 }).where(eq(segments.id, drawn.id));
    expect((await queueSegmentMatches(db)).map((j) => j.userId)).toContain(user.userId);
    await new EmbeddedRunner(db, { pollMs: 20 }).drain();
    expect((await efforts(drawn.id)).map((x) => x.elapsed_time)).toEqual(all.map((x) => x.elapsed_time));

    // deleting the segment deletes its efforts
    await call(segmentRoute.DELETE(bearerRequest('DELETE', `/api/v1/segments/${drawn.id}`, user.token), params(drawn.id)), 204);
    await call(effortsRoute.GET(bearerRequest('GET', `/api/v1/segments/${drawn.id}/efforts`, user.token), params(drawn.id)), 404);
  }, 120_000);

  // Activities stored before routes existed have no activity_routes row until the route backfill
  // reaches them: the history match reads their stream instead of missing them.
  it('a segment is matched on an activity without a stored route (stored before routes), from its stream', async () => {
    const db = database().db;
    const user = await signedInUser(db);
    const [run] = await parseActivityFile(fs.readFileSync(path.join(REAL_HISTORY_DIR, 'files', RUN)), RUN);
    const [stored] = await ingestActivities(db, user.userId, [prepareActivity(run!)], { source: 'upload' }, { awaitSubscribers: true });
    const id = stored!.row.id;
    await db.delete(activityRoutes).where(eq(activityRoutes.activityId, id));
    const { time, lat, lon } = run!.streams as { time: number[]; lat: number[]; lon: number[] };
    const k = Math.floor(time.length * 0.2);
    let e = k;
    for (let walked = 0; walked < 600; e++) walked += haversine(lat[e]!, lon[e]!, lat[e + 1]!, lon[e + 1]!);
    const created = await call<SegmentResponse>(
      segmentsRoute.POST(bearerRequest('POST', '/api/v1/segments', user.token, { activity_id: id, start_index: k, end_index: e }), noParams),
      201,
    );
    await new EmbeddedRunner(db, { pollMs: 20 }).drain();
    expect(await db.select().from(activityRoutes).where(eq(activityRoutes.activityId, id))).toEqual([]);
    const found = await call<SegmentEffortResponse[]>(
      effortsRoute.GET(bearerRequest('GET', `/api/v1/segments/${created.id}/efforts`, user.token), params(created.id)),
      200,
    );
    // the run passes its stretch twice (as in the test above)
    expect(found.map((f) => f.activity_id)).toEqual([id, id]);
  }, 120_000);
});
