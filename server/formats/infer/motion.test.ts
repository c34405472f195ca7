import { describe, expect, it } from 'vitest';
import type { Streams } from '../types';
import { motionProfile, type MotionProfile } from './motion-profile';
import { MOTION_RULE, sportFromMotion } from './motion-rule';

/** 1 Hz points at the given speeds, one speed per second. */
function streamsAt(speeds: number[], altitude = true): Streams {
  const time = speeds.map((_, i) => i);
  let d = 0;
  const distance = speeds.map((v, i) => (d += i === 0 ? 0 : v));
  return { time, distance, ...(altitude ? { altitude: speeds.map(() => 100) } : {}) };
}

const repeat = (speed: number, seconds: number) => Array<number>(seconds).fill(speed);

const profile = (over: Partial<MotionProfile>): MotionProfile => ({
  movingSeconds: 3600,
  medianSpeed: 3,
  fastSpeed: 4,
  ascentPerKm: 5,
  cadence: null,
  hasAltitude: true,
  ...over,
});

describe('motion profile: time-weighted speeds over 10 s windows', () => {
  it('median and 95th percentile of moving speed, weighted by time', () => {
    // 90 % of the time at 3 m/s, 10 % at 8 m/s.
    const m = motionProfile({ streams: streamsAt([...repeat(3, 900), ...repeat(8, 100)]), distance: null, elevationGain: null, averageCadence: null });
    expect(m.medianSpeed).toBeCloseTo(3, 5);
    expect(m.fastSpeed).toBeCloseTo(8, 5);
    expect(m.movingSeconds).toBeGreaterThan(980);
  });

  it('standing still and pauses over 60 s are not movement', () => {
    const streams = streamsAt([...repeat(0, 300), ...repeat(2.5, 300)]);
    // A 10-minute gap in the middle of the moving part (auto-pause): its distance is not travel.
    streams.time = streams.time.map((t, i) => (i >= 450 ? t + 600 : t));
    const m = motionProfile({ streams, distance: null, elevationGain: null, averageCadence: null });
    expect(m.medianSpeed).toBeCloseTo(2.5, 5);
    expect(m.movingSeconds).toBeLessThanOrEqual(300);
    expect(m.movingSeconds).toBeGreaterThanOrEqual(280);
  });

  it('without a distance stream the device speed is integrated', () => {
    const speeds = repeat(5, 200);
    const m = motionProfile({ streams: { time: speeds.map((_, i) => i), speed: speeds }, distance: null, elevationGain: null, averageCadence: null });
    expect(m.medianSpeed).toBeCloseTo(5, 5);
  });

  it('ascent per km needs an altitude profile and 500 m of distance', () => {
    const input = { streams: streamsAt(repeat(1, 600)), elevationGain: 60, averageCadence: null };
    expect(motionProfile({ ...input, distance: 1000 }).ascentPerKm).toBe(60);
    expect(motionProfile({ ...input, distance: 400 }).ascentPerKm).toBeNull();
    expect(motionProfile({ ...input, streams: streamsAt(repeat(1, 600), false), distance: 1000 }).ascentPerKm).toBeNull();
  });
});

describe('sport inference rule 3: the motion rule, threshold by threshold', () => {
  const r = MOTION_RULE;

  it(`under ${r.minMovingSeconds} s of movement, or none at all (indoor trainer, pool), it cannot tell`, () => {
    expect(sportFromMotion(profile({ movingSeconds: r.minMovingSeconds - 1 }))).toBeNull();
    expect(sportFromMotion(profile({ movingSeconds: 0, medianSpeed: null, fastSpeed: null }))).toBeNull();
  });

  it(`fast pieces (95th percentile ≥ ${r.rideFastSpeed} m/s) above a walking median are a ride`, () => {
    expect(sportFromMotion(profile({ medianSpeed: 2.4, fastSpeed: r.rideFastSpeed }))).toBe('ride');
    expect(sportFromMotion(profile({ medianSpeed: 3.5, fastSpeed: r.rideFastSpeed - 0.01 }))).toBe('run');
  });

  it(`a median of ${r.rideMedianSpeed} m/s or more is a ride even when steady`, () => {
    expect(sportFromMotion(profile({ medianSpeed: r.rideMedianSpeed, fastSpeed: 5 }))).toBe('ride');
    expect(sportFromMotion(profile({ medianSpeed: r.rideMedianSpeed - 0.01, fastSpeed: 5 }))).toBe('run');
  });

  it(`a median from ${r.runMedianSpeed} m/s is a run`, () => {
    expect(sportFromMotion(profile({ medianSpeed: r.runMedianSpeed, fastSpeed: 3 }))).toBe('run');
    expect(sportFromMotion(profile({ medianSpeed: r.runMedianSpeed - 0.01, fastSpeed: 3 }))).toBe('walk');
  });

  it(`from ${r.jogMedianSpeed} m/s a running cadence (≥ ${r.runCadence} strides/min) makes it a run`, () => {
    const slow = { medianSpeed: r.jogMedianSpeed, fastSpeed: 2.1 };
    expect(sportFromMotion(profile({ ...slow, cadence: r.runCadence }))).toBe('run');
    expect(sportFromMotion(profile({ ...slow, cadence: r.runCadence - 1 }))).toBe('walk');
    // 150 is steps per minute or noise, not strides: ignored.
    expect(sportFromMotion(profile({ ...slow, cadence: 150 }))).toBe('walk');
    expect(sportFromMotion(profile({ medianSpeed: r.jogMedianSpeed - 0.01, fastSpeed: 2, cadence: 80 }))).toBe('walk');
  });

  it(`slower is on foot: a hike from ${r.hikeAscentPerKm} m of climbing per km, else a walk`, () => {
    expect(sportFromMotion(profile({ medianSpeed: 1, fastSpeed: 1.7, ascentPerKm: r.hikeAscentPerKm }))).toBe('hike');
    expect(sportFromMotion(profile({ medianSpeed: 1, fastSpeed: 1.7, ascentPerKm: r.hikeAscentPerKm - 1 }))).toBe('walk');
    expect(sportFromMotion(profile({ medianSpeed: 1, fastSpeed: 1.7, ascentPerKm: null }))).toBe('walk');
  });

  it('slow movement without any altitude (a paddle, a swim) is left undecided', () => {
    expect(sportFromMotion(profile({ medianSpeed: 1.1, fastSpeed: 1.3, hasAltitude: false, ascentPerKm: null }))).toBeNull();
  });

  it('end to end from points: a steady 12 km/h is a run, 25 km/h a ride, 4 km/h uphill a hike', () => {
    const from = (speeds: number[], elevationGain: number | null = null) => {
      const streams = streamsAt(speeds);
      const distance = streams.distance!.at(-1)!;
      return sportFromMotion(motionProfile({ streams, distance, elevationGain, averageCadence: null }));
    };
    expect(from(repeat(3.33, 1800))).toBe('run');
    expect(from(repeat(6.94, 1800))).toBe('ride');
    expect(from(repeat(1.1, 3600), 500)).toBe('hike');
  });
});
