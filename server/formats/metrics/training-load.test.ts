import { describe, expect, it } from 'vitest';
import { activityLoad, loadInputs, withRecordNormalizedPower, type LoadThresholds } from './training-load';
import { normalizedPower } from './normalized-power';
import { powerCurve } from './power-curve';

// CONTRACT: Beyond the spec … Training load (revised 2026-11-29) and Real history … Pace-based
// training load, held against a straightforward reading of the definition written here: each
// second of the 1 s grid found by scanning the samples, gap seconds dropped, a 30 s window over
// what is left, fourth powers averaged.

type Sample = [time: number | null, watts: number | null];

/** The contract's grid, second by second: [value, isGap] for t0 + k while t0 + k < t_last. */
function contractGrid(samples: Sample[]): { value: number; gap: boolean }[] {
  const kept: [number, number][] = [];
  for (const [t, v] of samples) if (t !== null && v !== null && (!kept.length || t >= kept.at(-1)![0])) kept.push([t, v]);
  if (kept.length < 2) return [];
  const seconds: { value: number; gap: boolean }[] = [];
  for (let second = kept[0]![0]; second < kept.at(-1)![0]; second++) {
    // the latest sample at or before this second
    let i = 0;
    for (let j = 0; j < kept.length; j++) if (kept[j]![0] <= second) i = j;
    seconds.push({ value: kept[i]![1], gap: kept[i + 1]![0] - kept[i]![0] > 5 });
  }
  return seconds;
}

function contractLoad(samples: Sample[], ftp: number): { np: number; seconds: number; intensityFactor: number; tss: number } | null {
  const recorded = contractGrid(samples)
    .filter((s) => !s.gap)
    .map((s) => s.value);
  if (recorded.every((w) => w === 0) || recorded.length < 30) return null;
  const means: number[] = [];
  for (let end = 30; end <= recorded.length; end++) means.push(recorded.slice(end - 30, end).reduce((a, b) => a + b, 0) / 30);
  const np = (means.reduce((a, m) => a + m ** 4, 0) / means.length) ** 0.25;
  const intensityFactor = np / ftp;
  return { np, seconds: recorded.length, intensityFactor, tss: ((recorded.length * np * intensityFactor) / (ftp * 3600)) * 100 };
}

/** A deterministic ride: efforts, coasting zeros, nulls, short holds and pauses over 5 s. */
function ride(seed: number, length: number): Sample[] {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const samples: Sample[] = [];
  let t = 0;
  for (let i = 0; i < length; i++) {
    const roll = random();
    const watts = roll < 0.1 ? 0 : roll < 0.13 ? null : Math.round(120 + 250 * random());
    samples.push([roll > 0.995 ? null : t, watts]);
    const step = random();
    t += step < 0.02 ? 30 + Math.floor(600 * random()) : step < 0.1 ? 2 + Math.floor(4 * random()) : 1;
  }
  return samples;
}

const power = (ftp: number): LoadThresholds => ({ ftp, lthr: 160, maxHr: 190, restingHr: 50 });

describe('CONTRACT: … Training load: NP and TSS over the recorded seconds', () => {
  it.each([1, 2, 3, 4, 5])('ride %i: NP, IF and TSS are those of the definition (gaps out, window carried across, zeros counted)', (seed) => {
    const samples = ride(seed, 3000);
    const expected = contractLoad(samples, 250)!;
    const inputs = loadInputs({ time: samples.map((s) => s[0]), power: samples.map((s) => s[1]) });
    expect(inputs.powerSeconds).toBe(expected.seconds);
    expect(inputs.normalizedPower).toBeCloseTo(expected.np, 9);
    const load = activityLoad(inputs, power(250));
    expect(load.loadMethod).toBe('power');
    expect(load.intensityFactor).toBeCloseTo(expected.intensityFactor, 9);
    expect(load.trainingLoad).toBeCloseTo(expected.tss, 9);
    // the record's NP (normalized-power.ts, epoch ms as the parsers hold times) is the same NP
    const start = Date.UTC(2026, 0, 1);
    const kept = samples.filter((s): s is [number, number | null] => s[0] !== null);
    expect(
      normalizedPower(
        kept.map((s) => start + s[0] * 1000),
        kept.map((s) => s[1]),
      ),
    ).toBeCloseTo(expected.np, 9);
  });

  it('a pause is out of NP and TSS: a ride with a 2 h stop loads as the same ride without it', () => {
    const riding = ride(7, 3600).filter((s) => s[0] !== null) as [number, number | null][];
    const paused = riding.map(([t, w]): [number, number | null] => [t >= 1800 ? t + 7200 : t, w]);
    const a = activityLoad(loadInputs({ time: riding.map((s) => s[0]), power: riding.map((s) => s[1]) }), power(220));
    const b = activityLoad(loadInputs({ time: paused.map((s) => s[0]), power: paused.map((s) => s[1]) }), power(220));
    expect(b.trainingLoad).toBeCloseTo(a.trainingLoad!, 6);
    expect(b.intensityFactor).toBeCloseTo(a.intensityFactor!, 6);
  });

  it('one NP per activity: the record’s normalized_power (the device’s) is what IF and load use', () => {
    const samples = ride(11, 2000);
    const inputs = withRecordNormalizedPower(loadInputs({ time: samples.map((s) => s[0]), power: samples.map((s) => s[1]) }), 157);
    const load = activityLoad(inputs, power(220));
    expect(inputs.normalizedPower).toBe(157);
    expect(load.intensityFactor).toBeCloseTo(157 / 220, 12);
    expect(load.trainingLoad).toBeCloseTo(((inputs.powerSeconds * 157 * (157 / 220)) / (220 * 3600)) * 100, 9);
  });

  it('a power stream of zeros and nulls only is no power: no NP, no power curve, load from heart rate', () => {
    const time = Array.from({ length: 3600 }, (_, i) => i);
    const watts = time.map((i) => (i % 7 === 0 ? null : 0));
    const heartRate = time.map(() => 150);
    const inputs = withRecordNormalizedPower(loadInputs({ time, power: watts, heartRate }), null);
    expect(inputs).toMatchObject({ normalizedPower: null, powerSeconds: 0 });
    expect(powerCurve(time, watts)).toEqual([]);
    expect(
      normalizedPower(
        time.map((s) => s * 1000),
        watts,
      ),
    ).toBeNull();
    const load = activityLoad(inputs, power(250));
    expect(load.loadMethod).toBe('hr');
    // hrTSS by the definition: 3,599 grid seconds (the last sample holds none) at 150 bpm against an hour at LTHR 160
    const banister = (r: number) => r * 0.64 * Math.exp(1.92 * r);
    expect(load.trainingLoad).toBeCloseTo((3599 / 3600) * (banister(100 / 140) / banister(110 / 140)) * 100, 6);
    // a device NP of a zeros-only stream is no NP either
    expect(withRecordNormalizedPower(inputs, 140).normalizedPower).toBeNull();
  });
});

describe('CONTRACT: Real history … Pace-based training load', () => {
  const thresholds: LoadThresholds = { ftp: 250, lthr: 160, maxHr: 190, restingHr: 50, thresholdPace: 270 };
  const none = loadInputs({});

  it('a run at 5:00 /km for 50 min against a 4:30 threshold: IF = 270/300, load = 3000 × IF² / 3600 × 100', () => {
    const load = activityLoad(none, thresholds, { runFamily: true, movingTime: 3000, distance: 10_000 });
    const p = 3000 / (10_000 / 1000);
    expect(load).toMatchObject({ loadMethod: 'pace', trimp: null });
    expect(load.intensityFactor).toBeCloseTo(270 / p, 12);
    expect(load.trainingLoad).toBeCloseTo(((3000 * (270 / p) ** 2) / 3600) * 100, 9);
    // an hour at threshold pace is 100
    expect(activityLoad(none, thresholds, { runFamily: true, movingTime: 3600, distance: 3600 / 0.27 }).trainingLoad).toBeCloseTo(100, 9);
  });

  it('only for the run family, with a threshold pace, a moving time and a distance', () => {
    expect(activityLoad(none, thresholds, { runFamily: false, movingTime: 3000, distance: 10_000 }).loadMethod).toBeNull();
    expect(activityLoad(none, { ...thresholds, thresholdPace: null }, { runFamily: true, movingTime: 3000, distance: 10_000 }).loadMethod).toBeNull();
    expect(activityLoad(none, thresholds, { runFamily: true, movingTime: 3000, distance: 0 }).loadMethod).toBeNull();
    expect(activityLoad(none, thresholds, { runFamily: true, movingTime: null, distance: 10_000 }).loadMethod).toBeNull();
  });

  it('power wins over heart rate, heart rate over pace', () => {
    const time = Array.from({ length: 1800 }, (_, i) => i);
    const run = { runFamily: true, movingTime: 1800, distance: 6000 };
    const withHr = loadInputs({ time, heartRate: time.map(() => 150) });
    const withBoth = loadInputs({ time, heartRate: time.map(() => 150), power: time.map(() => 300) });
    expect(activityLoad(withHr, thresholds, run).loadMethod).toBe('hr');
    expect(activityLoad(withBoth, thresholds, run).loadMethod).toBe('power');
    // heart rate without the thresholds hrTSS needs still is heart rate: no pace-based load
    expect(activityLoad(withHr, { ...thresholds, lthr: null }, run).loadMethod).toBeNull();
  });
});
