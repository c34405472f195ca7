import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { setClockForTests } from '@/server/clock';
import { makeActivity } from '@/server/testing/strava-double/strava-data';
import { useTestEnv } from '@/server/testing/test-env';
import { ianaZone, parsedFromStrava, stravaLaps, stravaStreamSet, stravaSummary } from './strava-activity';
import { recordStravaBudgets, stravaRateLimitedUntil } from './strava-quota';

const answer = (usage: string, limit = '100,1000', overall = ['150,150', '200,2000']) =>
  new Headers({ 'X-RateLimit-Usage': overall[0]!, 'X-RateLimit-Limit': overall[1]!, 'X-ReadRateLimit-Usage': usage, 'X-ReadRateLimit-Limit': limit });

describe('Strava quota headers set the shared provider flag (spec "Provider rate-limit flag")', () => {
  beforeEach(() => {
    useTestEnv();
    resetRateLimitStateForTests();
  });
  afterEach(() => setClockForTests(undefined));

  it('budget left: no flag', async () => {
    setClockForTests(Date.parse('2026-06-01T14:37:10Z'));
    expect(await recordStravaBudgets(answer('99,500'), true, false)).toBeNull();
    expect(await stravaRateLimitedUntil()).toBeNull();
  });

  it('the last request of the 15-minute read budget flags Strava for 900 s from that answer (spec table: "Lasts 15 minutes (900 seconds)")', async () => {
    setClockForTests(Date.parse('2026-06-01T14:37:10Z'));
    const until = await recordStravaBudgets(answer('100,500'), true, false);
    expect(until?.toISOString()).toBe('2026-06-01T14:52:10.000Z');
    expect((await stravaRateLimitedUntil())?.toISOString()).toBe('2026-06-01T14:52:10.000Z');
    setClockForTests(Date.parse('2026-06-01T14:52:09Z'));
    expect(await stravaRateLimitedUntil()).not.toBeNull();
    setClockForTests(Date.parse('2026-06-01T14:52:10Z'));
    expect(await stravaRateLimitedUntil()).toBeNull();
  });

  it('the daily budget flags Strava until the next UTC midnight; a 429 without headers flags 900 s', async () => {
    setClockForTests(Date.parse('2026-06-01T22:05:00Z'));
    expect((await recordStravaBudgets(answer('3,1000'), true, false))?.toISOString()).toBe('2026-06-02T00:00:00.000Z');
    resetRateLimitStateForTests();
    expect((await recordStravaBudgets(new Headers(), true, true))?.toISOString()).toBe('2026-06-01T22:20:00.000Z');
  });

  it('the overall budget counts too, read budgets only for reads', async () => {
    setClockForTests(Date.parse('2026-06-01T10:00:01Z'));
    expect((await recordStravaBudgets(answer('5,5', '100,1000', ['200,300', '200,2000']), false, false))?.toISOString()).toBe('2026-06-01T10:15:01.000Z');
  });
});

describe("Strava's activity becomes a ParsedActivity (CONTRACT Settled 2026-11-23)", () => {
  const double = makeActivity({ id: 77, athleteId: 1, start: new Date('2026-02-03T07:00:00Z'), sportType: 'TrailRun', points: 5, laps: 2, watts: true });

  it('maps sport_type through the type table, keeps the name, laps and only the streams that are set', () => {
    const streams = { ...double.streams, temp: { data: [null, null, null, null, null] }, cadence: { data: [] } };
    const parsed = parsedFromStrava(stravaSummary.parse(double.summary), stravaStreamSet.parse(streams), stravaLaps.parse(double.laps));
    expect(parsed).toMatchObject({
      activityType: 'trail_run',
      name: 'TrailRun 77',
      timezone: 'Europe/Paris',
      totalElapsedTime: 40,
      startLat: double.summary.start_latlng[0],
    });
    expect(parsed.endTime.toISOString()).toBe('2026-02-03T07:00:40.000Z');
    expect(Object.keys(parsed.streams).sort()).toEqual(['altitude', 'distance', 'heart_rate', 'lat', 'lon', 'power', 'speed', 'time']);
    expect(parsed.streams.lat).toHaveLength(5);
    expect(parsed.laps).toHaveLength(2);
    expect(parsed.laps[1]!.startTime.toISOString()).toBe(double.laps[1]!.start_date.replace('Z', '.000Z'));
  });

  it("CONTRACT: Beyond the spec … Imported history: a moving time Strava gives too short is bounded like a file's", () => {
    const ride = makeActivity({ id: 79, athleteId: 1, start: new Date('2026-02-03T07:00:00Z'), sportType: 'Ride', points: 0 }).summary;
    // 37.3 km "moving" for 39 s within an elapsed 2 h; max speed 15 m/s: at least 37300 / 15 s
    const summary = { ...ride, distance: 37_300, elapsed_time: 7200, moving_time: 39, max_speed: 15, average_speed: 956 };
    const parsed = parsedFromStrava(stravaSummary.parse(summary), {}, []);
    expect(parsed.movingTime).toBeCloseTo(37_300 / 15, 9);
    // Strava's own average stands: it is the provider's figure, not one derived from our moving time
    expect(parsed.averageSpeed).toBe(956);
    const long = parsedFromStrava(stravaSummary.parse({ ...summary, moving_time: 9000 }), {}, []);
    expect(long.movingTime).toBe(7200);
  });

  it('a manual activity has no streams and no laps; unknown zones are dropped', () => {
    const manual = makeActivity({ id: 78, athleteId: 1, start: new Date('2026-02-03T07:00:00Z'), points: 0 });
    const parsed = parsedFromStrava(stravaSummary.parse(manual.summary), {}, []);
    expect(parsed.streams.time).toEqual([]);
    expect(parsed.laps).toEqual([]);
    expect(ianaZone('(GMT+00:00) Nowhere/Atlantis')).toBeNull();
  });
});
