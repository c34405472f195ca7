import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as streamsRoute from '@/app/api/v1/activities/[activity_id]/streams/route';
import * as zoneRoute from '@/app/api/v1/profile/privacy_zones/[zone_id]/route';
import * as zonesRoute from '@/app/api/v1/profile/privacy_zones/route';
import * as imageRoute from '@/app/a/[id]/image/route';
import * as publicRoute from '@/app/api/v1/public/activities/[activity_id]/route';
import * as publicStreamsRoute from '@/app/api/v1/public/activities/[activity_id]/streams/route';
import * as publicSegmentEffortsRoute from '@/app/api/v1/public/activities/[activity_id]/segment_efforts/route';
import { activities } from '@/db/schema';
import { decodePolyline } from '@/server/formats/route/decode-polyline';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { parsedTrack } from '@/server/testing/parsed-track';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { createTrpcContext } from '@/server/trpc/context';
import { createCallerFactory } from '@/server/trpc/init';
import { appRouter } from '@/server/trpc/root';
import { ingestActivities } from '../ingestion/ingest-activities';
import { createSegment } from '../segments/create-segment';
import { updateUser } from '../users/update-user';

// CONTRACT: Beyond the spec … Maps, privacy zones, sharing: privacy zones (422 out of range),
// public reads without auth (404 for every non-public case), zones applied for anyone but the owner.

const BASE = 'http://127.0.0.1:3000';
let peer = 0;
type Json = Record<string, unknown> & { lat?: (number | null)[]; lon?: (number | null)[]; time?: number[] };

async function call(
  handler: (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>,
  path: string,
  init: { token?: string; method?: string; body?: unknown; params?: Record<string, string> } = {},
): Promise<{ status: number; body: Json }> {
  const headers: Record<string, string> = { 'x-stride-peer': `10.6.0.${(peer += 1) % 250}` };
  if (init.token) Object.assign(headers, { authorization: `Bearer ${init.token}`, 'x-client-type': 'mobile' });
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await handler(
    new Request(`${BASE}/api/v1${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) }),
    { params: Promise.resolve(init.params ?? {}) },
  );
  return { status: res.status, body: res.status === 204 ? {} : ((await res.json()) as Json) };
}

/** A signed-out tRPC caller, as the page /a/{id} makes for its streams. */
const anonymous = async () =>
  createCallerFactory(appRouter)(await createTrpcContext({ req: new Request(`${BASE}/api/trpc`, { headers: { 'x-stride-peer': '10.6.1.1' } }) }));

/** GET /a/{id}/image: the page's preview image, outside /api/v1. */
const previewImage = (id: number) =>
  imageRoute.GET(new Request(`${BASE}/a/${id}/image`, { headers: { 'x-stride-peer': `10.6.0.${(peer += 1) % 250}` } }), {
    params: Promise.resolve({ id: String(id) }),
  });

/** Independent of the service: great-circle distance on a sphere of the mean radius. */
function metres(a: [number, number], b: [number, number]): number {
  const r = Math.PI / 180;
  const h = Math.sin(((b[0] - a[0]) * r) / 2) ** 2 + Math.cos(a[0] * r) * Math.cos(b[0] * r) * Math.sin(((b[1] - a[1]) * r) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

/** 300 points going north from home, ~11 m apart; home is the start. 7 decimals, as stored. */
const HOME: [number, number] = [47.3769, 8.5417];
const round7 = (v: number) => Math.round(v * 1e7) / 1e7;
const track = Array.from({ length: 300 }, (_, i) => [round7(HOME[0] + i * 0.0001), round7(HOME[1] + (i % 7) * 0.00001)] as [number, number]);

/** Kåsa's algebraic circle fit: the centre (−D/2, −E/2) minimising Σ (x² + y² + D x + E y + F)², by Cramer's rule. */
function kasaFit(points: [number, number][]): [number, number] {
  let [sx, sy, sxx, syy, sxy, sxz, syz, sz] = [0, 0, 0, 0, 0, 0, 0, 0];
  for (const [x, y] of points) {
    const z = x * x + y * y;
    [sx, sy, sxx, syy, sxy, sxz, syz, sz] = [sx + x, sy + y, sxx + x * x, syy + y * y, sxy + x * y, sxz + x * z, syz + y * z, sz + z];
  }
  const n = points.length;
  const det = (a: number[][]) =>
    a[0]![0]! * (a[1]![1]! * a[2]![2]! - a[1]![2]! * a[2]![1]!) -
    a[0]![1]! * (a[1]![0]! * a[2]![2]! - a[1]![2]! * a[2]![0]!) +
    a[0]![2]! * (a[1]![0]! * a[2]![1]! - a[1]![1]! * a[2]![0]!);
  const m = [
    [sxx, sxy, sx],
    [sxy, syy, sy],
    [sx, sy, n],
  ];
  const rhs = [-sxz, -syz, -sz];
  const withColumn = (c: number) => m.map((row, i) => row.map((v, j) => (j === c ? rhs[i]! : v)));
  const d = det(m);
  return [-det(withColumn(0)) / d / 2, -det(withColumn(1)) / d / 2];
}

describe.each(testEngines())('privacy zones and public activities on %s', (engine) => {
  let database: TestDatabase;
  const ingest = async (userId: number, source: 'upload' | 'strava' = 'upload') =>
    (await ingestActivities(database.db, userId, [parsedTrack('2024-04-01T07:00:00Z', track)], { source }, { awaitSubscribers: true }))[0]!.row;

  beforeAll(async () => {
    useTestEnv();
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
  });
  afterAll(() => database.close());

  it('zones: add, list, remove; out-of-range centre or radius is a 422; another user cannot remove one', async () => {
    const { token } = await signedInUser(database.db);
    const created = await call(zonesRoute.POST, '/profile/privacy_zones', {
      token,
      method: 'POST',
      body: { name: 'Home', lat: HOME[0], lon: HOME[1], radius: 250 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), name: 'Home', lat: HOME[0], lon: HOME[1], radius: 250 });
    for (const bad of [
      { name: 'x', lat: 90.5, lon: 8, radius: 200 },
      { name: 'x', lat: 47, lon: -180.1, radius: 200 },
      { name: 'x', lat: 47, lon: 8, radius: 99 },
      { name: 'x', lat: 47, lon: 8, radius: 5001 },
      { name: 'x', lat: '47', lon: 8, radius: 200 },
    ]) {
      expect((await call(zonesRoute.POST, '/profile/privacy_zones', { token, method: 'POST', body: bad })).status, JSON.stringify(bad)).toBe(422);
    }
    // spec: Errors: a missing field (a blank name counts, as on every form) is a 400 naming it
    for (const missing of [
      { name: '', lat: 47, lon: 8, radius: 200 },
      { name: 'x', lat: 47, lon: 8 },
    ]) {
      expect((await call(zonesRoute.POST, '/profile/privacy_zones', { token, method: 'POST', body: missing })).status, JSON.stringify(missing)).toBe(400);
    }
    expect((await call(zonesRoute.GET, '/profile/privacy_zones', { token })).body).toEqual([created.body]);
    const id = String(created.body.id);
    const other = await signedInUser(database.db);
    expect((await call(zoneRoute.DELETE, `/profile/privacy_zones/${id}`, { token: other.token, method: 'DELETE', params: { zone_id: id } })).status).toBe(404);
    expect((await call(zoneRoute.DELETE, `/profile/privacy_zones/${id}`, { token, method: 'DELETE', params: { zone_id: id } })).status).toBe(204);
    expect((await call(zonesRoute.GET, '/profile/privacy_zones', { token })).body).toEqual([]);
  });

  it('a public activity reads without auth, without its private fields; zones remove exactly the points inside, for others only', async () => {
    const owner = await signedInUser(database.db);
    const activity = await ingest(owner.userId);
    const params = { activity_id: String(activity.id) };
    expect((await call(publicRoute.GET, `/public/activities/${activity.id}`, { params })).status).toBe(404);
    await database.db.update(activities).set({ visibility: 'public' }).where(eq(activities.id, activity.id));

    const before = await call(publicStreamsRoute.GET, `/public/activities/${activity.id}/streams`, { params });
    expect(before.status).toBe(200);
    expect(before.body.lat).toHaveLength(track.length);

    const zone = { name: 'Home', lat: HOME[0] + 0.0005, lon: HOME[1], radius: 300 };
    expect((await call(zonesRoute.POST, '/profile/privacy_zones', { token: owner.token, method: 'POST', body: zone })).status).toBe(201);
    const outside = track.map((p, i) => [p, i] as const).filter(([p]) => metres(p, [zone.lat, zone.lon]) > zone.radius);
    expect(outside.length).toBeLessThan(track.length - 20);

    const record = await call(publicRoute.GET, `/public/activities/${activity.id}`, { params });
    expect(record.status).toBe(200);
    for (const field of ['user_id', 'gear_id', 'import', 'provider_activity_id']) expect(record.body).not.toHaveProperty(field);
    expect(record.body).toMatchObject({ id: activity.id, name: activity.name, visibility: 'public', start_lat: null, start_lon: null });

    // every point inside the zone is gone, and more (issue 49 case 3): what stays is the end of the
    // track, its time starting afresh at 0
    const masked = await call(publicStreamsRoute.GET, `/public/activities/${activity.id}/streams`, { params });
    const kept = (masked.body.lat as number[]).length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(outside.length);
    const tail = outside.slice(outside.length - kept);
    expect(masked.body.lat).toEqual(tail.map(([p]) => p[0]));
    expect(masked.body.lon).toEqual(tail.map(([p]) => p[1]));
    expect(masked.body.time).toEqual(tail.map(([, i]) => i - tail[0]![1]));
    expect((masked.body.heart_rate as number[]).length).toBe(kept);
    // the same on every read
    expect((await call(publicStreamsRoute.GET, `/public/activities/${activity.id}/streams`, { params })).body).toEqual(masked.body);

    // the tRPC twins the page uses answer the same, signed out too
    const trpc = await anonymous();
    expect(JSON.parse(JSON.stringify(await trpc.maps.publicActivity({ id: activity.id })))).toEqual(record.body);
    expect(JSON.parse(JSON.stringify(await trpc.maps.publicStreams({ id: activity.id })))).toEqual(masked.body);

    // the page's preview image: a PNG for anyone
    const image = await previewImage(activity.id);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');

    // the owner's own view stays complete
    const own = await call(streamsRoute.GET, `/activities/${activity.id}/streams`, { token: owner.token, params });
    expect(own.body.lat).toHaveLength(track.length);
  });

  // Issue 49 case 3: removing exactly a circle's points left the kept ends on its edge (three runs
  // gave the home to 0.0 m) and distance[0]/time[0] told how much was hidden.
  it('the kept ends of 20 public activities starting at home do not fit a circle around the home; public distance and time start at 0', async () => {
    const owner = await signedInUser(database.db);
    const zone = { name: 'Home', lat: HOME[0], lon: HOME[1], radius: 400 };
    expect((await call(zonesRoute.POST, '/profile/privacy_zones', { token: owner.token, method: 'POST', body: zone })).status).toBe(201);
    // the zone's secret is never shown, not even to its owner
    expect((await call(zonesRoute.GET, '/profile/privacy_zones', { token: owner.token })).body).toEqual([{ id: expect.any(Number), ...zone }]);
    // local east/north metres around the home
    const kLat = metres(HOME, [HOME[0] + 1, HOME[1]]);
    const kLon = metres(HOME, [HOME[0], HOME[1] + 1]);
    const ends: [number, number][] = [];
    for (let k = 0; k < 20; k += 1) {
      // out and back along bearing k × 18°, 2 km each way, a point every ~10 m
      const bearing = (k * 18 * Math.PI) / 180;
      const out = Array.from(
        { length: 201 },
        (_, i) => [HOME[0] + (i * 10 * Math.cos(bearing)) / kLat, HOME[1] + (i * 10 * Math.sin(bearing)) / kLon] as [number, number],
      );
      const positions = [...out, ...out.slice(0, -1).reverse()].map(([a, b]) => [round7(a), round7(b)] as [number, number]);
      const distance = positions.map((_, i) => i * 10);
      const parsed = parsedTrack(`2024-05-${String(k + 1).padStart(2, '0')}T07:00:00Z`, positions);
      parsed.streams = { ...parsed.streams, distance };
      const { row } = (await ingestActivities(database.db, owner.userId, [parsed], { source: 'upload' }, { awaitSubscribers: true }))[0]!;
      await database.db.update(activities).set({ visibility: 'public' }).where(eq(activities.id, row.id));
      const params = { activity_id: String(row.id) };
      expect((await call(publicRoute.GET, `/public/activities/${row.id}`, { params })).body).toMatchObject({ start_lat: null, start_lon: null });
      const { body } = await call(publicStreamsRoute.GET, `/public/activities/${row.id}/streams`, { params });
      const [lat, lon] = [body.lat as number[], body.lon as number[]];
      expect(lat.length).toBeGreaterThan(10);
      expect((body.distance as number[])[0]).toBe(0);
      expect(body.time![0]).toBe(0);
      for (const i of [0, lat.length - 1]) {
        expect(metres(HOME, [lat[i]!, lon[i]!])).toBeGreaterThan(zone.radius);
        ends.push([(lat[i]! - HOME[0]) * kLat, (lon[i]! - HOME[1]) * kLon]);
      }
    }
    // least-squares circle through the 40 kept ends: algebraic (Kåsa) fit, then the geometric fit
    // (Σ (|p − c| − r)² least, r the mean distance) by its fixed-point iteration
    let [cx, cy] = kasaFit(ends);
    for (let step = 0; step < 200; step += 1) {
      const r = ends.reduce((sum, [x, y]) => sum + Math.hypot(x - cx, y - cy), 0) / ends.length;
      let [gx, gy] = [0, 0];
      for (const [x, y] of ends) {
        const d = Math.hypot(x - cx, y - cy);
        gx += ((d - r) * (cx - x)) / d;
        gy += ((d - r) * (cy - y)) / d;
      }
      [cx, cy] = [cx - gx / ends.length, cy - gy / ends.length];
    }
    const radius = ends.reduce((sum, [x, y]) => sum + Math.hypot(x - cx, y - cy), 0) / ends.length;
    const rms = Math.sqrt(ends.reduce((sum, [x, y]) => sum + (Math.hypot(x - cx, y - cy) - radius) ** 2, 0) / ends.length);
    // the best circle's centre is not within 100 m of the home, and the ends do not lie on it
    expect(Math.hypot(cx, cy)).toBeGreaterThan(100);
    expect(rms).toBeGreaterThan(10);
  });

  // Issue 49 case 12: a deactivated account's public pages stayed up.
  it('a deactivated owner: every public read of the activity is a 404 until the account is reactivated', async () => {
    const owner = await signedInUser(database.db);
    const activity = await ingest(owner.userId);
    await database.db.update(activities).set({ visibility: 'public' }).where(eq(activities.id, activity.id));
    const params = { activity_id: String(activity.id) };
    const statuses = async () => [
      (await call(publicRoute.GET, `/public/activities/${activity.id}`, { params })).status,
      (await call(publicStreamsRoute.GET, `/public/activities/${activity.id}/streams`, { params })).status,
      (await previewImage(activity.id)).status,
      await (await anonymous()).maps.publicStreams({ id: activity.id }).then(
        () => 200,
        (error: { code?: string }) => (error.code === 'NOT_FOUND' ? 404 : 500),
      ),
    ];
    expect(await statuses()).toEqual([200, 200, 200, 200]);
    await updateUser(database.db, owner.userId, { active: false });
    expect(await statuses()).toEqual([404, 404, 404, 404]);
    await updateUser(database.db, owner.userId, { active: true });
    expect(await statuses()).toEqual([200, 200, 200, 200]);
  });

  it('every non-public case is a 404: private, followers, hidden, from Strava sync, unknown', async () => {
    const owner = await signedInUser(database.db);
    const cases: [string, Partial<typeof activities.$inferInsert>, 'upload' | 'strava'][] = [
      ['private', { visibility: 'private' }, 'upload'],
      ['followers', { visibility: 'followers' }, 'upload'],
      ['hidden', { visibility: 'public', isHidden: true }, 'upload'],
      ['strava', { visibility: 'public' }, 'strava'],
    ];
    for (const [what, set, source] of cases) {
      const activity = await ingest(owner.userId, source);
      await database.db.update(activities).set(set).where(eq(activities.id, activity.id));
      const params = { activity_id: String(activity.id) };
      expect((await call(publicRoute.GET, `/public/activities/${activity.id}`, { params })).status, what).toBe(404);
      expect((await call(publicStreamsRoute.GET, `/public/activities/${activity.id}/streams`, { params })).status, what).toBe(404);
      await expect((await anonymous()).maps.publicActivity({ id: activity.id }), what).rejects.toMatchObject({ code: 'NOT_FOUND' });
      const image = await previewImage(activity.id);
      expect(image.status, what).toBe(404);
      expect(image.headers.get('content-type'), what).toBe('application/problem+json');
    }
    expect((await call(publicRoute.GET, '/public/activities/999999999', { params: { activity_id: '999999999' } })).status).toBe(404);
    expect((await call(publicRoute.GET, '/public/activities/abc', { params: { activity_id: 'abc' } })).status).toBe(404);
  });

  // CONTRACT: Explorer, goals, gear components, segments: a public activity's page shows its segment
  // efforts, each segment's line without a point inside the owner's zones (nor a chord across one).
  it('public segment efforts: the figures of each pass, the line in pieces outside every privacy zone', async () => {
    const owner = await signedInUser(database.db);
    const first = await ingest(owner.userId);
    const segment = await createSegment(database.db, owner.userId, { activity_id: first.id, start_index: 50, end_index: 250, name: 'Northbound' });
    const activity = (
      await ingestActivities(database.db, owner.userId, [parsedTrack('2024-04-02T07:00:00Z', track)], { source: 'upload' }, { awaitSubscribers: true })
    )[0]!.row;
    const params = { activity_id: String(activity.id) };
    const read = () => call(publicSegmentEffortsRoute.GET, `/public/activities/${activity.id}/segment_efforts`, { params });
    expect((await read()).status).toBe(404); // private until made public
    await database.db.update(activities).set({ visibility: 'public' }).where(eq(activities.id, activity.id));
    const points = (line: string) => {
      const flat = decodePolyline(line);
      return Array.from({ length: flat.length / 2 }, (_, i) => [flat[2 * i]!, flat[2 * i + 1]!] as [number, number]);
    };
    const open = (await read()).body as unknown as { segment_name: string; elapsed_time: number; pr_rank: number | null; lines: string[] }[];
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ segment_name: 'Northbound', distance: segment.distance });
    expect(open[0]!.elapsed_time).toBeGreaterThan(190);
    expect(open[0]!.elapsed_time).toBeLessThan(210);
    expect(open[0]).not.toHaveProperty('segment_id');
    // without a zone, one piece from the segment's start to its end
    expect(open[0]!.lines).toHaveLength(1);
    const whole = points(open[0]!.lines[0]!);
    expect(metres(whole[0]!, track[50]!)).toBeLessThan(3);
    expect(metres(whole.at(-1)!, track[250]!)).toBeLessThan(3);
    // a zone over the middle of the segment
    const zone = { name: 'Office', lat: track[150]![0], lon: track[150]![1], radius: 200 };
    expect((await call(zonesRoute.POST, '/profile/privacy_zones', { token: owner.token, method: 'POST', body: zone })).status).toBe(201);
    const masked = (await read()).body as unknown as typeof open;
    expect(masked).toHaveLength(1);
    expect(masked[0]!.elapsed_time).toBe(open[0]!.elapsed_time);
    const pieces = masked[0]!.lines.map(points);
    expect(pieces.length).toBeGreaterThanOrEqual(1);
    const served = pieces.flat();
    expect(served.length).toBeGreaterThan(10);
    for (const p of served) expect(metres(p, [zone.lat, zone.lon])).toBeGreaterThan(zone.radius);
    // a piece is dense: no chord between two of its points can cross the zone
    for (const piece of pieces) for (let i = 1; i < piece.length; i++) expect(metres(piece[i - 1]!, piece[i]!)).toBeLessThan(10);
    // less than the whole line is served, and the same on every read and over tRPC
    expect(served.length).toBeLessThan(whole.length);
    expect((await read()).body).toEqual(masked);
    expect(JSON.parse(JSON.stringify(await (await anonymous()).maps.publicSegmentEfforts({ id: activity.id })))).toEqual(masked);
  });
});
