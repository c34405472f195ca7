import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as gapRoute from '@/app/api/v1/activities/[activity_id]/gap/route';
import type { ParsedActivity } from '@/server/formats';
import { parsedActivity } from '@/server/formats/test-support/parsed-activity';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { getActivityStreams } from '../activities/get-activity-streams';
import { ingestActivities } from '../ingestion/ingest-activities';
import { prepareActivity } from '../ingestion/prepare-activity';
import type { ActivityGapResponse } from './schemas';

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
): ParsedActivity {
  const time = Array.from({ length: seconds + 1 }, (_, s) => s);
  const distance = time.map((s) => s * speed);
  return parsedActivity({
    activityType: type,
    startTime: new Date(start),
    totalElapsedTime: seconds,
    distance: seconds * speed,
    movingTime: seconds,
    averagePace: 1000 / speed,
    streams: { time, distance, altitude: distance.map(altitude), speed: time.map(() => speed) },
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
  const gapOf = async (token: string, id: number) => {
    const res = await gapRoute.GET(get(`/api/v1/activities/${id}/gap`, token), { params: Promise.resolve({ activity_id: String(id) }) });
    expect(res.status).toBe(200);
    return (await res.json()) as ActivityGapResponse;
  };

  it('CONTRACT: … Grade-adjusted pace: flat run GAP = pace; a climb lowers GAP by the model factor; rides have none', async () => {
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
});
