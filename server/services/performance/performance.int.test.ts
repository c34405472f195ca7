import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as gapRoute from '@/app/api/v1/activities/[activity_id]/gap/route';
import * as curvesRoute from '@/app/api/v1/curves/route';
import * as modelRoute from '@/app/api/v1/performance/model/route';
import { eq } from 'drizzle-orm';
import { activities, activityEfforts } from '@/db/schema';
import type { ParsedActivity } from '@/server/formats';
import { parsedActivity } from '@/server/formats/test-support/parsed-activity';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { getActivityStreams } from '../activities/get-activity-streams';
import { recomputeActivityEfforts } from '../efforts/recompute-activity-efforts';
import { ingestActivities } from '../ingestion/ingest-activities';
import { prepareActivity } from '../ingestion/prepare-activity';
import { getCurves } from './get-curves';
import type { ActivityGapResponse, CurvesResponse, PerformanceModelResponse } from './schemas';

const BASE = 'http://127.0.0.1:3000';
let peer = 0;
const get = (path: string, token: string) =>
  new Request(BASE + path, { headers: { authorization: `Bearer ${token}`, 'x-client-type': 'mobile', 'x-stride-peer': `10.8.0.${(peer += 1) % 250}` } });

// Minetti et al. 2002, running, term by term
const minetti = (i: number) => 155.4 * i ** 5 - 30.4 * i ** 4 - 43.3 * i ** 3 + 46.3 * i ** 2 + 19.5 * i + 3.6;

/** A run at `speed` m/s for `seconds`, one sample a second, over the profile altitude(x). */
function hillyRun(
  start: string,
  seconds: number,
  speed: number,
  altitude: (x: number) => number,
  type: ParsedActivity['activityType'] = 'run',
  extra: { heart_rate?: (s: number) => number; power?: (s: number) => number } = {},
): ParsedActivity {
  const time = Array.from({ length: seconds + 1 }, (_, s) => s);
  const distance = time.map((s) => s * speed);
  const more = Object.fromEntries(Object.entries(extra).map(([name, f]) => [name, time.map(f)]));
  return parsedActivity({
    activityType: type,
    startTime: new Date(start),
    totalElapsedTime: seconds,
    distance: seconds * speed,
    movingTime: seconds,
    averagePace: 1000 / speed,
    streams: { time, distance, altitude: distance.map(altitude), speed: time.map(() => speed), ...more },
  });
}

describe.each(testEngines())('grade-adjusted pace, curves and models on %s', (engine) => {
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
  const curves = async (token: string, query: string) => {
    const res = await curvesRoute.GET(get(`/api/v1/curves?${query}`, token), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    return (await res.json()) as CurvesResponse;
  };
  const model = async (token: string, query: string) => {
    const res = await modelRoute.GET(get(`/api/v1/performance/model?${query}`, token), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    return (await res.json()) as PerformanceModelResponse;
  };
  const gapOf = async (token: string, id: number) => {
    const res = await gapRoute.GET(get(`/api/v1/activities/${id}/gap`, token), { params: Promise.resolve({ activity_id: String(id) }) });
    expect(res.status).toBe(200);
    return (await res.json()) as ActivityGapResponse;
  };

  it('Grade-adjusted pace (issue 52): flat run GAP = pace; a climb lowers GAP by the model factor; rides have none', async () => {
    const user = await signedInUser(database.db);
    const [flat, hill, ride] = await store(user.userId, [
      hillyRun('2025-03-01T07:00:00Z', 1200, 3, () => 50),
      // 600 m flat, then 2.4 km at 6 %
      hillyRun('2025-03-02T07:00:00Z', 1000, 3, (x) => (x < 600 ? 50 : 50 + (x - 600) * 0.06)),
      hillyRun('2025-03-03T07:00:00Z', 1000, 8, (x) => x * 0.05, 'ride'),
    ]);
    const flatGap = await gapOf(user.token, flat!);
    expect(flatGap.average_gap).toBeCloseTo(1000 / 3, 1);
    expect(flatGap.splits).toHaveLength(4);
    for (const s of flatGap.splits) expect(s.gap).toBe(s.pace);

    const hillGap = await gapOf(user.token, hill!);
    const factor = minetti(0.06) / 3.6;
    // splits 2 and 3 lie wholly on the climb, their windows too
    for (const s of hillGap.splits.slice(1, 3)) expect(s.gap).toBeCloseTo(s.pace / factor, 0);
    const streams = (await getActivityStreams(database.db, user.userId, hill!)) as Record<string, (number | null)[]>;
    expect(streams.gap).toHaveLength(streams.time!.length);
    expect(streams.gap![500]).toBeCloseTo(1000 / 3 / factor, 0);

    expect(await gapOf(user.token, ride!)).toEqual({ activity_id: ride, average_gap: null, laps: [], splits: [] });
    expect((await getActivityStreams(database.db, user.userId, ride!)).gap).toBeUndefined();
  });

  it('Curves (issue 52): each point is the best stored per-activity value over the visible activities of the type in the range', async () => {
    const user = await signedInUser(database.db);
    const hr = (base: number) => (s: number) => base + ((s * 7) % 23);
    const watts = (base: number) => (s: number) => base + ((s * 13) % 41);
    const parsed = [
      hillyRun('2025-04-01T07:00:00Z', 1500, 3.2, (x) => 20 * Math.sin(x / 400), 'run', { heart_rate: hr(150) }),
      hillyRun('2025-06-01T07:00:00Z', 2400, 3.5, () => 5, 'trail_run', { heart_rate: hr(160) }),
      hillyRun('2025-09-01T07:00:00Z', 1300, 3.0, (x) => x * 0.04, 'run', { heart_rate: hr(170) }),
      hillyRun('2026-02-01T07:00:00Z', 3700, 9, () => 0, 'ride', { heart_rate: hr(140), power: watts(250) }),
      hillyRun('2026-03-01T07:00:00Z', 1900, 9, () => 0, 'ride', { heart_rate: hr(145), power: watts(280) }),
      hillyRun('2026-04-01T07:00:00Z', 1900, 9, () => 0, 'virtual_ride', { power: watts(300) }),
    ];
    const ids = await store(user.userId, parsed);
    // hidden: left out of every curve
    await database.db.update(activities).set({ isHidden: true }).where(eq(activities.id, ids[4]!));
    const rows = await database.db.select().from(activityEfforts).where(eq(activityEfforts.userId, user.userId));
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['distance', 'power', 'hr', 'gap']));
    // the efforts backfill (stored streams, a pool worker) writes the very rows the ingest wrote
    await database.db.delete(activityEfforts).where(eq(activityEfforts.userId, user.userId));
    await recomputeActivityEfforts(database.db, user.userId, ids);
    const sorted = (list: typeof rows) => [...list].sort((a, b) => a.activityId - b.activityId || a.kind.localeCompare(b.kind) || a.measure - b.measure);
    expect(sorted(await database.db.select().from(activityEfforts).where(eq(activityEfforts.userId, user.userId)))).toEqual(sorted(rows));
    const starts = new Map(ids.map((id, k) => [id, parsed[k]!.startTime.toISOString()]));
    const types = new Map(ids.map((id, k) => [id, parsed[k]!.activityType as string]));

    /** straightforward: every stored row of the kind, filtered, the best of each measure (ties: earlier start) */
    const reference = (kind: string, best: 'min' | 'max', family: string[] | null, from?: string, to?: string) => {
      const byMeasure = new Map<number, CurvesResponse['points'][number]>();
      for (const r of rows) {
        const start = starts.get(r.activityId)!;
        if (r.kind !== kind || r.activityId === ids[4] || (family && !family.includes(types.get(r.activityId)!))) continue;
        if ((from && start.slice(0, 10) < from) || (to && start.slice(0, 10) > to)) continue;
        const seen = byMeasure.get(r.measure);
        const better = !seen || (best === 'max' ? r.value > seen.value : r.value < seen.value) || (r.value === seen.value && start < seen.start_time);
        if (better) byMeasure.set(r.measure, { measure: r.measure, value: r.value, activity_id: r.activityId, start_time: start.replace('.000Z', 'Z') });
      }
      return [...byMeasure.values()].sort((a, b) => a.measure - b.measure);
    };
    const runs = ['run', 'trail_run'];
    const norm = (points: CurvesResponse['points']) => points.map((p) => ({ ...p, start_time: new Date(p.start_time).toISOString() }));
    const refNorm = (points: CurvesResponse['points']) => points.map((p) => ({ ...p, start_time: new Date(p.start_time).toISOString() }));
    const cases: [string, string, 'min' | 'max', string[] | null, string?, string?][] = [
      ['kind=power', 'power', 'max', null],
      ['kind=power&type=ride&start_date=2026-01-01&end_date=2026-03-31', 'power', 'max', ['ride'], '2026-01-01', '2026-03-31'],
      ['kind=hr', 'hr', 'max', null],
      ['kind=hr&type=run&end_date=2025-07-01', 'hr', 'max', runs, undefined, '2025-07-01'],
      ['kind=pace', 'distance', 'min', runs],
      ['kind=gap_pace', 'gap', 'min', runs],
      ['kind=gap_pace&start_date=2025-05-01', 'gap', 'min', runs, '2025-05-01'],
    ];
    for (const [query, kind, best, family, from, to] of cases) {
      const answer = await curves(user.token, query);
      const expected = reference(kind, best, family, from, to);
      expect(expected.length, query).toBeGreaterThan(2);
      expect(norm(answer.points), query).toEqual(refNorm(expected));
    }
    // the climbing run's GAP bests are faster than its pace bests: the curve reads the gap rows
    const pace = await curves(user.token, 'kind=pace&start_date=2025-09-01');
    const gap = await curves(user.token, 'kind=gap_pace&start_date=2025-09-01');
    expect(gap.points[2]!.value).toBeLessThan(pace.points[2]!.value);
  });

  it('Curves (issue 52): ties go to the earlier start, also after an activity is moved before the other (the efforts follow their activity start)', async () => {
    const user = await signedInUser(database.db);
    const watts = (s: number) => 200 + ((s * 13) % 41);
    // the same streams twice: every effort ties
    const [first, second] = await store(user.userId, [
      hillyRun('2025-05-01T07:00:00Z', 700, 9, () => 0, 'ride', { power: watts, heart_rate: (s) => 140 + (s % 9) }),
      hillyRun('2025-05-02T07:00:00Z', 700, 9, () => 0, 'ride', { power: watts, heart_rate: (s) => 140 + (s % 9) }),
    ]);
    const owners = async (kind: 'power' | 'hr') =>
      new Set((await getCurves(database.db, user.userId, { kind, type: 'ride' })).points.map((p) => p.activity_id));
    for (const kind of ['power', 'hr'] as const) expect(await owners(kind), kind).toEqual(new Set([first]));
    await database.db
      .update(activities)
      .set({ startTime: new Date('2025-04-30T07:00:00Z') })
      .where(eq(activities.id, second!));
    for (const kind of ['power', 'hr'] as const) expect(await owners(kind), kind).toEqual(new Set([second]));
    // and a range on the moved start: May holds only the first now
    const may = await getCurves(database.db, user.userId, { kind: 'power', type: 'ride', start_date: '2025-05-01', end_date: '2025-05-31' });
    expect(new Set(may.points.map((p) => p.activity_id))).toEqual(new Set([first]));
  });

  /** straightforward least squares of y on x */
  const leastSquares = (xs: number[], ys: number[]) => {
    const n = xs.length;
    const mx = xs.reduce((a, b) => a + b) / n;
    const my = ys.reduce((a, b) => a + b) / n;
    const slope = xs.reduce((a, x, k) => a + (x - mx) * (ys[k]! - my), 0) / xs.reduce((a, x) => a + (x - mx) ** 2, 0);
    return { slope, intercept: my - slope * mx };
  };
  const within = (value: number, target: number, share: number) => expect(Math.abs(value - target) / target).toBeLessThanOrEqual(share);

  it('Performance model (issue 52): CP = 280 W and W′ = 20 kJ, CS = 4.2 m/s and D′ = 180 m recovered within ±2 % from stored bests; null with a reason before', async () => {
    const user = await signedInUser(database.db);
    const range = 'start_date=2026-05-01&end_date=2026-05-31';
    expect(await model(user.token, `type=ride&${range}`)).toMatchObject({ critical_power: null, reason: 'too_few_efforts', ftp: null });
    // three rides, each at P(t) = CP + W′/t for exactly its duration t (5, 10, 20 min)
    await store(
      user.userId,
      [300, 600, 1200].map((t, k) => hillyRun(`2026-05-0${k + 1}T07:00:00Z`, t + 1, 9, () => 0, 'ride', { power: (s) => (s < t ? 280 + 20_000 / t : 0) })),
    );
    const ride = await model(user.token, `type=ride&${range}`);
    within(ride.critical_power!.watts, 280, 0.02);
    within(ride.critical_power!.w_prime, 20_000, 0.02);
    const fit = leastSquares(
      ride.efforts.map((e) => e.measure),
      ride.efforts.map((e) => e.value * e.measure),
    );
    expect(ride.critical_power!.watts).toBeCloseTo(fit.slope, 1);
    expect(ride.critical_power!.w_prime).toBe(Math.round(fit.intercept));
    expect(ride.ftp).toBe(Math.round(Math.round(280 + 20_000 / 1200) * 0.95));

    // four runs, each covering its distance D in (D − D′)/CS seconds
    expect((await model(user.token, `type=run&${range}`)).reason).toBe('too_few_efforts');
    await store(
      user.userId,
      [1000, 1609, 3219, 5000].map((d, k) => {
        const t = Math.round((d - 180) / 4.2);
        return hillyRun(`2026-05-1${k}T07:00:00Z`, t + 1, d / t, () => 0);
      }),
    );
    const run = await model(user.token, `type=run&${range}`);
    within(run.critical_speed!.speed, 4.2, 0.02);
    within(run.critical_speed!.d_prime, 180, 0.02);
    expect(run.efforts.map((e) => e.measure)).toEqual([1000, 1609, 3219, 5000]);
    // Riegel from the 5 km: T = T₁ (D / 5000)^1.06
    const t5 = run.efforts[3]!.value;
    expect(run.predictions).toEqual([5000, 10000, 21097.5, 42195].map((d) => ({ distance: d, time: Math.round(t5 * (d / 5000) ** 1.06) })));
    // out of the range: nothing to fit
    expect((await model(user.token, 'type=run&start_date=2026-06-01&end_date=2026-06-30')).critical_speed).toBeNull();
  });
});
