import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as profileRoute from '@/app/api/v1/segments/[segment_id]/profile/route';
import * as segmentsRoute from '@/app/api/v1/segments/route';
import { parseActivityFile, type ParsedActivity } from '@/server/formats';
import { haversine } from '@/server/formats/metrics/haversine';
import { REAL_HISTORY_DIR } from '@/server/formats/test-support/real-history';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { bearerRequest, noParams, routeTestDatabase } from '@/server/testing/route-tests';
import { signedInUser } from '@/server/testing/signed-in-user';
import { testEngines } from '@/server/testing/test-database';
import { createTrpcContext } from '@/server/trpc/context';
import { createCallerFactory } from '@/server/trpc/init';
import { appRouter } from '@/server/trpc/root';
import { ingestActivities } from '../ingestion/ingest-activities';
import { prepareActivity } from '../ingestion/prepare-activity';
import type { SegmentProfileResponse, SegmentResponse } from './schemas';

// CONTRACT: Explorer, goals, gear components, segments: the segment page's elevation profile, read
// from the pass of the activity the segment was cut from, else from the fastest pass with altitude.

const RUN = 'slalom007_14204490666.fit.gz';

describe.each(testEngines())('segment profile on %s', (engine) => {
  const database = routeTestDatabase(engine);

  it('follows the source activity, else the fastest pass with altitude; empty before matching; private to its owner', async () => {
    const db = database().db;
    const user = await signedInUser(db);
    const other = await signedInUser(db);
    const [run] = await parseActivityFile(fs.readFileSync(path.join(REAL_HISTORY_DIR, 'files', RUN)), RUN);
    const store = async (activity: ParsedActivity) =>
      (await ingestActivities(db, user.userId, [prepareActivity(activity)], { source: 'upload' }, { awaitSubscribers: true }))[0]!.row.id;
    const original = await store(run!);
    const { time, lat, lon, altitude } = run!.streams as { time: number[]; lat: number[]; lon: number[]; altitude: number[] };
    // a faster copy a day later, 5 m higher everywhere: the fastest pass, told apart by its altitude
    const fast = await store({
      ...run!,
      startTime: new Date(run!.startTime.getTime() + 86_400_000),
      streams: { ...run!.streams, time: time.map((t) => t * 0.9), altitude: altitude.map((a) => a + 5) },
    });

    // a 600 m stretch from 20 % of the run
    const k = Math.floor(time.length * 0.2);
    let e = k;
    for (let walked = 0; walked < 600; e++) walked += haversine(lat[e]!, lon[e]!, lat[e + 1]!, lon[e + 1]!);
    const post = async (body: object) =>
      (await (await segmentsRoute.POST(bearerRequest('POST', '/api/v1/segments', user.token, body), noParams)).json()) as SegmentResponse;
    const cut = await post({ activity_id: original, start_index: k, end_index: e });
    const profile = async (id: number, token = user.token) => {
      const res = await profileRoute.GET(bearerRequest('GET', `/api/v1/segments/${id}/profile`, token), {
        params: Promise.resolve({ segment_id: String(id) }),
      });
      return { status: res.status, body: (await res.json()) as SegmentProfileResponse };
    };

    // the source's own stretch, at once: no pass needs matching first
    const ofCut = (await profile(cut.id)).body;
    expect(ofCut.activity_id).toBe(original);
    expect(ofCut.distance[0]).toBe(0);
    expect(ofCut.distance).toEqual([...ofCut.distance].sort((a, b) => a - b));
    expect(Math.abs(ofCut.distance.at(-1)! - cut.distance)).toBeLessThan(30);
    expect(ofCut.altitude).toHaveLength(ofCut.distance.length);
    // the extremes are the recorded ones over the chosen samples
    const stretch = altitude.slice(k, e + 1);
    expect(ofCut.min_altitude).toBeCloseTo(Math.min(...stretch), 1);
    expect(ofCut.max_altitude).toBeCloseTo(Math.max(...stretch), 1);
    expect(Math.min(...ofCut.altitude)).toBe(ofCut.min_altitude);
    expect(Math.max(...ofCut.altitude)).toBe(ofCut.max_altitude);

    // a drawn line has no source activity: nothing before the history job has matched a pass,
    // then the fastest pass with altitude (5 m higher)
    const drawn = await post({ name: 'Drawn', polyline: cut.polyline, sport: 'run' });
    expect((await profile(drawn.id)).body).toEqual({ activity_id: null, distance: [], altitude: [], min_altitude: null, max_altitude: null });
    await new EmbeddedRunner(db, { pollMs: 20 }).drain();
    const ofDrawn = (await profile(drawn.id)).body;
    expect(ofDrawn.activity_id).toBe(fast);
    expect(ofDrawn.min_altitude! - ofCut.min_altitude!).toBeGreaterThan(4);
    expect(ofDrawn.min_altitude! - ofCut.min_altitude!).toBeLessThan(6);
    expect(await profile(cut.id)).toEqual({ status: 200, body: ofCut });

    // the tRPC twin answers the same; another user's request is a 404
    const caller = createCallerFactory(appRouter)(
      await createTrpcContext({
        req: new Request('http://127.0.0.1:3000/api/trpc', { headers: { authorization: `Bearer ${user.token}`, 'x-stride-peer': '10.53.0.2' } }),
      }),
    );
    expect(await caller.segments.profile({ id: cut.id })).toEqual(ofCut);
    expect((await profile(cut.id, other.token)).status).toBe(404);
  });
});
