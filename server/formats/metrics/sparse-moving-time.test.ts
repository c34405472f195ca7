import { describe, expect, it } from 'vitest';
import { parseActivityFile, type ParsedActivity } from '../index';
import { activityFamily } from '../activity-types';
import { loadExpected, readCorpusFile } from '../test-support/corpus';
import { gpxOfPoints, thinGpx } from '../test-support/thin-gpx';

// CONTRACT: Beyond the spec … Imported history: "Moving time is never implausible". Sparse tracks
// (Strava's export GPX is thinned: a point a minute, a point every ten minutes, two points an hour
// apart) and every corpus file, each checked against the contract's definition written out here.

const STOP_S = 60;
const MOVING_MPS = 0.5;
const CEILING: Record<string, number> = { run: 7, foot: 3, ride: 25, swim: 3 };

interface Point {
  lat: number;
  lon: number;
  t: number;
}

const haversine = (a: Point, b: Point) => {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371008.8 * Math.asin(Math.sqrt(h));
};

/** The points of each segment of a GPX, read with regular expressions (not our parser). */
function segmentsOf(gpx: string): Point[][] {
  return [...gpx.matchAll(/<trkseg\b[^>]*>([\s\S]*?)<\/trkseg>/g)].map(([, body]) =>
    [...body!.matchAll(/<trkpt\s+lat="([^"]+)"\s+lon="([^"]+)"[\s\S]*?<time>([^<]+)<\/time>[\s\S]*?<\/trkpt>/g)].map(([, lat, lon, time]) => ({
      lat: Number(lat),
      lon: Number(lon),
      t: Date.parse(time!) / 1000,
    })),
  );
}

/** The contract's moving time of a GPX track, step by step, then bounded. */
function contractMovingTime(gpx: string, activity: ParsedActivity): number {
  const steps: { dt: number; covered: number }[] = [];
  for (const points of segmentsOf(gpx))
    for (let i = 1; i < points.length; i++) steps.push({ dt: points[i]!.t - points[i - 1]!.t, covered: haversine(points[i - 1]!, points[i]!) });
  const short = steps.filter((s) => s.dt > 0 && s.dt <= STOP_S && s.covered / s.dt >= MOVING_MPS);
  const speeds = short.map((s) => s.covered / s.dt).sort((a, b) => a - b);
  const median = speeds.length
    ? speeds.length % 2
      ? speeds[(speeds.length - 1) / 2]!
      : (speeds[speeds.length / 2 - 1]! + speeds[speeds.length / 2]!) / 2
    : null;
  let moving = short.reduce((sum, s) => sum + s.dt, 0);
  for (const gap of steps.filter((s) => s.dt > STOP_S)) {
    if (median !== null) moving += Math.min(gap.dt, gap.covered / median);
    else if (gap.covered / gap.dt >= MOVING_MPS) moving += gap.dt;
  }
  const distance = activity.distance ?? 0;
  if (activity.maxSpeed) moving = Math.max(moving, distance / activity.maxSpeed);
  const ceiling = CEILING[activityFamily(activity.activityType)];
  if (ceiling) moving = Math.max(moving, distance / (1.2 * ceiling));
  return Math.min(moving, activity.totalElapsedTime);
}

/** The contract's bounds; where they cross the elapsed time, moving ≤ elapsed wins (it is absolute). */
function expectPlausible(a: ParsedActivity, label: string) {
  expect(a.movingTime, label).not.toBeNull();
  expect(a.movingTime!, label).toBeLessThanOrEqual(a.totalElapsedTime + 1e-9);
  if (!a.distance || a.movingTime === a.totalElapsedTime) return;
  const speed = a.distance / a.movingTime!;
  if (a.maxSpeed) expect(speed, `${label}: distance/moving ≤ max_speed`).toBeLessThanOrEqual(a.maxSpeed + 1e-9);
  const ceiling = CEILING[activityFamily(a.activityType)];
  if (ceiling) expect(speed, `${label}: distance/moving ≤ 1.2 × ${ceiling} m/s`).toBeLessThanOrEqual(1.2 * ceiling + 1e-9);
}

/** A GPX has no device average: ours is distance over the final moving time. */
const expectAverageFollowsMoving = (a: ParsedActivity) => expect(a.averageSpeed).toBeCloseTo(a.distance! / a.movingTime!, 9);

const THINNED = ['gpx/strava_export_run_hr_cad_temp.gpx', 'gpx/urbanbiker_ride_3seg_hr_cad_temp_power.gpx', 'gpx/movescount_run_mixed_extensions.gpx'];

describe('moving time on sparse tracks (CONTRACT: Beyond the spec … Imported history)', () => {
  for (const file of THINNED) {
    for (const every of [60, 600]) {
      it(`${file} thinned to a point every ${every} s: the contract's moving time, within its bounds`, async () => {
        const gpx = thinGpx(readCorpusFile(file).toString('utf8'), every);
        const [activity] = await parseActivityFile(Buffer.from(gpx), 'thinned.gpx');
        expectPlausible(activity!, file);
        expectAverageFollowsMoving(activity!);
        expect(activity!.movingTime!).toBeCloseTo(contractMovingTime(gpx, activity!), 3);
      });
    }
  }

  it('two points an hour apart, 5 km between them: an hour of moving, not a few seconds', async () => {
    const start = Date.parse('2018-05-01T07:00:00Z');
    const gpx = gpxOfPoints('running', [
      { lat: 45, lon: 7, time: new Date(start) },
      { lat: 45.045, lon: 7, time: new Date(start + 3_600_000) },
    ]);
    const [activity] = await parseActivityFile(Buffer.from(gpx), 'two-points.gpx');
    expectPlausible(activity!, 'two points');
    expect(activity!.movingTime).toBe(contractMovingTime(gpx, activity!));
    expect(activity!.movingTime).toBe(3600);
  });

  it('a ride whose thinned track makes 37 km look like 39 s of motion is bounded by the ride ceiling', async () => {
    // one-second steps at a crawl, then ten-minute gaps covering kilometres each
    const start = Date.parse('2018-05-01T07:00:00Z');
    const points: { lat: number; lon: number; time: Date }[] = [];
    let t = start;
    let lat = 45;
    for (let leg = 0; leg < 4; leg++) {
      for (let s = 0; s < 10; s++) points.push({ lat: (lat += 0.000005), lon: 7, time: new Date((t += 1000)) });
      lat += 0.084; // ≈ 9.3 km in the next ten minutes
      t += 600_000;
    }
    points.push({ lat, lon: 7, time: new Date(t) });
    const gpx = gpxOfPoints('cycling', points);
    const [activity] = await parseActivityFile(Buffer.from(gpx), 'ride.gpx');
    expectPlausible(activity!, 'crawl and gaps');
    expect(activity!.movingTime!).toBeCloseTo(contractMovingTime(gpx, activity!), 3);
    // the crawl's max speed (0.56 m/s) would need more than the elapsed time: moving = elapsed
    expect(activity!.movingTime).toBe(activity!.totalElapsedTime);
    expect(activity!.distance! / activity!.movingTime!).toBeLessThanOrEqual(30);
  });
});

describe('moving time over the whole corpus is plausible', () => {
  for (const f of loadExpected().filter((e) => e.format !== 'csv' && e.expected_outcome === 'accept')) {
    it(f.file, async () => {
      for (const [i, a] of (await parseActivityFile(readCorpusFile(f.file), f.file.split('/').pop()!)).entries()) expectPlausible(a, `${f.file}#${i}`);
    });
  }
});
