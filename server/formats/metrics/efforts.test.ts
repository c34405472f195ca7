import { describe, expect, it } from 'vitest';
import { parseActivityFile } from '@/server/formats';
import { readCorpusFile } from '@/server/formats/test-support/corpus';
import { activityEfforts } from './activity-efforts';
import { BEST_EFFORT_DISTANCES, bestEfforts, WORLD_RECORD_S } from './best-efforts';
import { POWER_CURVE_DURATIONS, powerCurve } from './power-curve';
import { oracleBestEffort, oracleBestPower, oraclePowerGrid } from './test-support/efforts-oracle';
import { seededRandom } from '@/server/testing/seeded-random';

type Series = (number | null)[];

/** Every effort and power value against the straightforward implementation of the definition. */
function expectLikeOracle(time: Series, distance: Series | undefined, power: Series | undefined): void {
  const { bestEfforts: efforts, powerCurve: curve } = activityEfforts('ride', { time, distance, power });
  if (distance) {
    // CONTRACT: Real history …: none faster than the world record at its distance (a window that is, is no effort)
    const expected = BEST_EFFORT_DISTANCES.map((D) => [D, oracleBestEffort(time, distance, D)] as const).filter(
      ([D, e]) => e && Math.round(e.elapsed) >= Math.floor(WORLD_RECORD_S[D]!),
    );
    expect(efforts.map((e) => [e.distance, e.elapsedTime, e.startOffset])).toEqual(expected.map(([D, e]) => [D, Math.round(e!.elapsed), Math.round(e!.start)]));
  }
  if (power) {
    const grid = oraclePowerGrid(time, power);
    const expected = POWER_CURVE_DURATIONS.filter((T) => T <= grid.length).map((T) => ({ duration: T, watts: Math.round(oracleBestPower(grid, T)!) }));
    expect(curve).toEqual(expected);
  }
}

/** A run at `paceAt(second)` s/km, sampled every `step` s. */
function run(seconds: number, paceAt: (s: number) => number, step = 1): { time: number[]; distance: number[] } {
  const time: number[] = [];
  const distance: number[] = [];
  let x = 0;
  for (let s = 0; s <= seconds; s += step) {
    time.push(s);
    distance.push(Math.round(x * 100) / 100);
    x += (1000 / paceAt(s)) * step;
  }
  return { time, distance };
}

describe('CONTRACT: Beyond the spec … Best efforts and records: best efforts', () => {
  it('finds a fast kilometre inside a slow run (6:00/km, one kilometre at 4:00/km)', () => {
    // 10 min slow (1666.7 m), 4 min fast (1000 m), 10 min slow
    const { time, distance } = run(24 * 60, (s) => (s >= 600 && s < 840 ? 240 : 360));
    const km = bestEfforts(time, distance).find((e) => e.distance === 1000)!;
    expect(km.elapsedTime).toBe(240);
    expect(km.startOffset).toBe(600);
    expectLikeOracle(time, distance, undefined);
  });

  it('counts pauses in the elapsed time, and interpolates between sparse samples', () => {
    // 500 m in 100 s, stopped 60 s, 500 m in 100 s: the 1000 m takes 260 s, the 400 m 80 s
    const time = [0, 100, 160, 260];
    const distance = [0, 500, 500, 1000];
    const efforts = bestEfforts(time, distance);
    expect(efforts.find((e) => e.distance === 400)).toEqual({ distance: 400, elapsedTime: 80, startOffset: 0 });
    expect(efforts.find((e) => e.distance === 1000)).toEqual({ distance: 1000, elapsedTime: 260, startOffset: 0 });
    expect(efforts.find((e) => e.distance === 805)!.elapsedTime).toBe(Math.round(60 + 100 + (305 / 500) * 100));
    expectLikeOracle(time, distance, undefined);
  });

  it('gives only the distances the track covers, and nothing without a distance', () => {
    const { time, distance } = run(290, () => 300);
    expect(bestEfforts(time, distance).map((e) => e.distance)).toEqual([400, 805]);
    expect(bestEfforts([0, 1], [null, null])).toEqual([]);
  });
});

describe('best efforts pass over slower stretches without changing an effort', () => {
  /** A seeded track: stretches of steady pace, sprints, stops (the distance standing still), sparse samples, repeated times. */
  function randomTrack(random: () => number): { time: number[]; distance: number[] } {
    const time: number[] = [];
    const distance: number[] = [];
    let t = 0;
    let x = 0;
    const stretches = 5 + Math.floor(random() * 40);
    for (let s = 0; s < stretches; s++) {
      const kind = random();
      const speed = kind < 0.15 ? 0 : kind < 0.3 ? 6 + random() * 4 : 1.5 + random() * 3; // stop, sprint, steady
      const samples = 10 + Math.floor(random() * 400);
      for (let k = 0; k < samples; k++) {
        const step = random() < 0.05 ? 5 + Math.floor(random() * 60) : random() < 0.03 ? 0 : 1;
        t += step;
        x += speed * step * (0.8 + random() * 0.4);
        time.push(t);
        distance.push(Math.round(x * 100) / 100);
      }
    }
    return { time, distance };
  }

  it('equals the straightforward implementation on 150 seeded random tracks', () => {
    const random = seededRandom(35);
    for (let track = 0; track < 150; track++) {
      const { time, distance } = randomTrack(random);
      expectLikeOracle(time, distance, undefined);
    }
  });
});

describe('CONTRACT: Beyond the spec … Best efforts and records: the power curve', () => {
  it('finds a power block: 5 min at 300 W inside an hour at 150 W', () => {
    const time = Array.from({ length: 3601 }, (_, s) => s);
    const power = time.map((s) => (s >= 1200 && s < 1500 ? 300 : 150));
    const curve = powerCurve(time, power);
    expect(curve.find((p) => p.duration === 300)!.watts).toBe(300);
    expect(curve.find((p) => p.duration === 600)!.watts).toBe(225);
    expect(curve.find((p) => p.duration === 3600)!.watts).toBe(Math.round((300 * 300 + 3300 * 150) / 3600));
    expect(curve.at(-1)!.duration).toBe(3600);
    expectLikeOracle(time, undefined, power);
  });

  it('counts a pause over 5 s as 0 W', () => {
    // 10 s at 200 W, then the next sample 20 s later: its 20 s are 0 W
    const time = [...Array.from({ length: 11 }, (_, s) => s), ...Array.from({ length: 11 }, (_, s) => 30 + s)];
    const power = time.map(() => 200);
    const curve = powerCurve(time, power);
    expect(curve.find((p) => p.duration === 30)!.watts).toBe(Math.round((10 * 200) / 30));
    expectLikeOracle(time, undefined, power);
  });
});

describe('best efforts and power curves of the corpus equal the straightforward implementation', () => {
  const files = [
    'fit/garmin_fr920xt_treadmill_devfields.fit',
    'tcx/garmin_fr305_run_23laps.tcx',
    'gpx/strava_export_run_hr_cad_temp.gpx',
    'fit/tomtom_run.fit',
    'fit/zwift_virtual_ride.fit',
    'fit/hammerhead_karoo_ride_2025.fit',
    'tcx/garmin_edge705_ride_power_large.tcx',
    'fit/garmin_edge500_ride_3h31.fit',
  ];
  it.each(files)('%s', async (file) => {
    const [parsed] = await parseActivityFile(readCorpusFile(file), file);
    const { time, distance, power } = parsed!.streams;
    expect(distance ?? power).toBeDefined();
    expectLikeOracle(time, distance, power);
  });
});
