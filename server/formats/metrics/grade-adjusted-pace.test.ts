import { describe, expect, it } from 'vitest';
import { kilometreSplits, flatRatioBetween } from './gap-splits';
import { gradeAdjustedTrack, gradeFactor } from './grade-adjusted-pace';

// Minetti et al. 2002 (J Appl Physiol 93:1039–1046), running: Cr = 155.4i⁵ − 30.4i⁴ − 43.3i³ + 46.3i² + 19.5i + 3.6,
// written out term by term here rather than through the module's Horner loop.
const minetti = (i: number) => 155.4 * i ** 5 - 30.4 * i ** 4 - 43.3 * i ** 3 + 46.3 * i ** 2 + 19.5 * i + 3.6;

/** A run at constant speed over a profile altitude(x), one sample a second. */
function run(speed: number, seconds: number, altitude: (x: number) => number) {
  const time = Array.from({ length: seconds + 1 }, (_, k) => k);
  const distance = time.map((t) => t * speed);
  return { time, distance, altitude: distance.map(altitude), speed: time.map(() => speed) };
}

describe('grade-adjusted pace (Minetti 2002)', () => {
  it('the grade factor at 11 grades from −25 % to +25 % is the cost polynomial over its value on the flat', () => {
    const grades = [-0.25, -0.2, -0.15, -0.1, -0.05, 0, 0.05, 0.1, 0.15, 0.2, 0.25];
    for (const g of grades) expect(gradeFactor(g)).toBeCloseTo(minetti(g) / 3.6, 12);
    // two values worked by hand: Cr(0.10) = 5.968214, Cr(−0.10) = 2.1960
    expect(gradeFactor(0.1)).toBeCloseTo(5.968214 / 3.6, 6);
    expect(gradeFactor(-0.1)).toBeCloseTo((-0.001554 - 0.00304 + 0.0433 + 0.463 - 1.95 + 3.6) / 3.6, 6);
  });

  it('GAP equals pace within 0.5 % where |grade| < 0.5 %', () => {
    // 2 km at +0.4 % then 2 km at −0.3 % (a drift no altimeter can tell from noise)
    const r = run(3, 1333, (x) => (x < 2000 ? x * 0.004 : 8 - (x - 2000) * 0.003));
    const { gap } = gradeAdjustedTrack(r.time, r.distance, r.altitude, { speed: r.speed });
    const pace = 1000 / 3;
    for (const value of gap) expect(Math.abs(value! - pace) / pace).toBeLessThan(0.005);
  });

  it('on an 8 % climb GAP is pace over the factor, and the equivalent flat distance grows by it', () => {
    // flat 500 m, then 1000 m at 8 %: samples more than 50 m inside the climb see the whole window on it
    const r = run(2.5, 600, (x) => (x < 500 ? 0 : (x - 500) * 0.08));
    const track = gradeAdjustedTrack(r.time, r.distance, r.altitude, { speed: r.speed });
    const factor = minetti(0.08) / 3.6;
    for (let k = 0; k < r.time.length; k++) {
      const x = r.distance[k]!;
      if (x > 560 && x < 1400) expect(track.gap[k]).toBeCloseTo(400 / factor, 6);
      if (x < 440) expect(track.gap[k]).toBeCloseTo(400, 6);
    }
    const a = r.distance.findIndex((x) => x >= 600);
    const b = r.distance.findIndex((x) => x >= 1400);
    expect(track.flatDistance[b]! - track.flatDistance[a]!).toBeCloseTo((r.distance[b]! - r.distance[a]!) * factor, 4);
  });

  it('no figure across a glitch: no GAP at the glitch and no equivalent distance added over it', () => {
    const r = run(3, 200, () => 0);
    // the device's distance stands still over the glitch step (finalize.ts) while the altitude jumps 30 m
    const distance = r.distance.map((x, k) => (k >= 100 ? x - 3 : x));
    const altitude = r.altitude.map((_, k) => (k >= 100 ? 30 : 0));
    const glitches = new Uint8Array(r.time.length);
    glitches[100] = 1;
    const track = gradeAdjustedTrack(r.time, distance, altitude, { speed: r.speed, glitches });
    expect(track.gap[100]).toBeNull();
    expect(track.flatDistance[100]).toBe(track.flatDistance[99]);
    // the 30 m jump is no grade: both sides are flat and their GAP is their pace
    expect(track.gap[99]).toBeCloseTo(1000 / 3, 9);
    expect(track.gap[101]).toBeCloseTo(1000 / 3, 9);
  });

  it('kilometre splits: elapsed time over the equivalent flat distance; the last split when ≥ 100 m', () => {
    const r = run(3, 1200, (x) => (x < 1000 ? 0 : (x - 1000) * 0.1));
    const track = gradeAdjustedTrack(r.time, r.distance, r.altitude, { speed: r.speed });
    const splits = kilometreSplits(r.time, track);
    expect(splits.map((s) => Math.round(s.distance))).toEqual([1000, 1000, 1000, 600]);
    for (const s of splits) expect(s.pace).toBeCloseTo(1000 / 3, 6);
    // split 3 lies wholly on the 10 % climb but for its first 50 m of window
    expect(splits[2]!.gap).toBeLessThan(1000 / 3 / (minetti(0.1) / 3.6) + 5);
    // split 1 is flat but for its last 50 m, whose window reaches into the climb
    expect(splits[0]!.gap).toBeLessThanOrEqual(1000 / 3);
    expect(splits[0]!.gap).toBeGreaterThan(((1000 / 3) * 1000) / (950 + 50 * (minetti(0.1) / 3.6)));
    const ratio = flatRatioBetween(r.time, track, 0, 1200)!;
    expect(ratio).toBeCloseTo(r.distance[1200]! / track.flatDistance[1200]!, 9);
  });
});
