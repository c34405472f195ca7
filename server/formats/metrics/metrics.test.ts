import { describe, expect, it } from 'vitest';
import { cumulativeGpsDistance, haversine } from './haversine';
import { elevationGainLoss } from './elevation';
import { maxSpeedFromDistance, movingTime, movingTimeParts } from './moving-time';
import { normalizedPower } from './normalized-power';
import { emptySample } from './sample';
import { avgMax, heartRateStats, paceFromSpeed, powerStats } from './stats';

const seconds = (n: number) => Array.from({ length: n }, (_, i) => i * 1000);

describe('haversine', () => {
  it('one degree of latitude is ~111.2 km on the mean-radius sphere', () => {
    expect(haversine(0, 0, 1, 0)).toBeCloseTo(111_195.08, 1);
  });
  it('never bridges two segments, and ignores (0, 0) "no fix" points', () => {
    const pts = [
      { ...emptySample(0, 1), lat: 45, lon: 7 },
      { ...emptySample(1000, 1), lat: 45.001, lon: 7 },
      { ...emptySample(2000, 1), lat: 0, lon: 0 },
      { ...emptySample(3000, 2), lat: 46, lon: 7 },
      { ...emptySample(4000, 2), lat: 46.001, lon: 7 },
    ];
    const d = cumulativeGpsDistance(pts)!;
    expect(d.total).toBeCloseTo(2 * 111.195, 2);
  });
});

describe('elevation (3 m dead band)', () => {
  it('jitter below the band adds nothing', () => {
    expect(elevationGainLoss([100, 101, 99, 101, 100, 102, 100])).toEqual({ gain: 0, loss: 0 });
  });
  it('a hill counts in full, including its last metres', () => {
    const up = Array.from({ length: 11 }, (_, i) => 100 + i);
    expect(elevationGainLoss([...up, ...up.slice().reverse()])).toEqual({ gain: 10, loss: 10 });
  });
  it('skips gaps and device "invalid" altitudes (-500 m)', () => {
    expect(elevationGainLoss([null, -500, 10, null, 20])).toEqual({ gain: 10, loss: 0 });
    expect(elevationGainLoss([null, -500])).toBeNull();
  });
});

describe('normalized power', () => {
  it('equals the power of a constant effort', () => {
    expect(normalizedPower(seconds(120), new Array(120).fill(200))).toBeCloseTo(200, 6);
  });
  it('exceeds the average for a variable effort', () => {
    const power = Array.from({ length: 600 }, (_, i) => (Math.floor(i / 60) % 2 ? 350 : 100));
    expect(normalizedPower(seconds(600), power)!).toBeGreaterThan(225);
  });
  it('needs 30 s of power', () => {
    expect(normalizedPower(seconds(20), new Array(20).fill(200))).toBeNull();
  });
});

describe('moving time', () => {
  it('counts steps whose 20 s window moves at 0.3 m/s or more; a gap longer than 60 s counts its distance at the median moving speed', () => {
    const times = [0, 1000, 2000, 3000, 123_000, 124_000];
    const distance = [0, 3, 6, 6.2, 300, 303];
    // steps of 3, 3, 0.2 and 3 m; the 0.2 m step's window (0–3 s) moves at 2.07 m/s. The 120 s gap
    // covers 293.8 m, at the median step speed (3 m/s) 97.93 s
    expect(movingTimeParts(times, distance, null)).toEqual({ steps: 4, gaps: expect.closeTo(293.8 / 3, 9) });
    expect(movingTime(times, distance, null)).toBeCloseTo(4 + 293.8 / 3, 9);
    // a pause: the gap covers nothing, so it counts nothing
    expect(movingTime(times, [0, 3, 6, 6.2, 6.2, 9.2], null)).toBe(4);
  });
  it('a stop stops counting once the 20 s around a step covers under 0.3 m/s, a slow climb keeps counting', () => {
    // 60 s at 3 m/s, then 60 s standing: standing steps up to t = 68 s still hold movement in their
    // window ((180 − 3 (t − 10)) / 19 ≥ 0.3 ⇔ t ≤ 68.1), the others none
    const times = seconds(121);
    const distance = times.map((ms) => Math.min(ms / 1000, 60) * 3);
    expect(movingTime(times, distance, null)).toBe(68);
    // a steep hike at 0.35 m/s on the map for two minutes is all moving
    expect(
      movingTime(
        times,
        times.map((ms) => (ms / 1000) * 0.35),
        null,
      ),
    ).toBe(120);
  });
  it('uses device speed when there is no distance, and null without either', () => {
    expect(movingTime(seconds(4), null, [0, 2, 0, 2])).toBe(2);
    expect(movingTime(seconds(4), null, null)).toBeNull();
  });
  it('collapses duplicate timestamps (Suunto writes two records per second)', () => {
    expect(movingTime([0, 0, 1000, 1000, 2000], [0, null, null, 3, 6], null)).toBe(2);
  });
  it('max speed needs a 5 s window, so one GPS jump is not the maximum', () => {
    const times = seconds(10);
    const distance = [0, 5, 10, 115, 120, 125, 130, 135, 140, 145];
    expect(maxSpeedFromDistance(times, distance)).toBeCloseTo(25, 6);
  });
  it('max speed never starts a window on points where a lost position fix held the distance still', () => {
    // 5 m/s, then 20 s without a fix (the distance stands at 50 m), then 100 m caught up in one
    // second and 5 m/s again: no window starts on the stale points, so the catch-up is never squeezed into 5 s
    const times = seconds(40);
    const distance = times.map((_, s) => (s <= 10 ? s * 5 : s <= 30 ? 50 : 150 + (s - 31) * 5));
    const windows = [];
    for (let i = 0; i < times.length; i++) {
      if (i > 0 && distance[i]! <= distance[i - 1]!) continue;
      const j = i + 5;
      if (j < times.length) windows.push((distance[j]! - distance[i]!) / 5);
    }
    expect(maxSpeedFromDistance(times, distance)).toBeCloseTo(Math.max(...windows), 6);
    expect(maxSpeedFromDistance(times, distance)).toBeLessThan(8);
  });
});

describe('stats', () => {
  it('heart rate drops zeros (dropouts)', () => {
    expect(heartRateStats([0, 120, 140, null])).toEqual({ average: 130, max: 140 });
  });
  it('power keeps zeros (coasting) but all-zero power means no power meter', () => {
    expect(powerStats([0, 200, 100])).toEqual({ average: 100, max: 200 });
    expect(powerStats([0, 0, null])).toEqual({ average: null, max: null });
  });
  it('pace is s/km', () => {
    expect(paceFromSpeed(4)).toBe(250);
    expect(paceFromSpeed(0)).toBeNull();
    expect(avgMax([], { excludeZeros: false })).toEqual({ average: null, max: null });
  });
});
