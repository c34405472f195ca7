import { describe, expect, it } from 'vitest';
import { countGlitches, glitchCeiling, glitchSteps, lapsWithoutGlitches, withoutGlitchDistance } from './glitches';

// one degree of latitude is ~111,195 m on the haversine sphere
const DEG_M = 111_195;
const north = (metres: number): number => metres / DEG_M;

describe('glitchSteps', () => {
  it('uses the sport family ceilings of the CONTRACT', () => {
    expect(glitchCeiling('run')).toBe(12);
    expect(glitchCeiling('hike')).toBe(12);
    expect(glitchCeiling('gravel_ride')).toBe(35);
    expect(glitchCeiling('alpine_ski')).toBe(40);
    expect(glitchCeiling('lap_swim')).toBe(4);
    expect(glitchCeiling('kayaking')).toBe(35);
  });

  it('flags a teleport out and back, and nothing on a steady run', () => {
    const times = [0, 1, 2, 3, 4, 5];
    const lat = [0, north(4), north(8), north(2000), north(12), north(16)];
    const lon = times.map(() => 0);
    const flags = glitchSteps(times, { lat, lon }, 12);
    expect(Array.from(flags)).toEqual([0, 0, 0, 1, 1, 0]);
    expect(countGlitches(glitchSteps(times, { lat: [0, 4, 8, 12, 16, 20].map(north), lon }, 12))).toBe(0);
  });

  it('measures by the distance stream where points have no position, and not across segments', () => {
    const times = [0, 10, 20, 30];
    const flags = glitchSteps(times, { distance: [0, 50, 1000, 1050] }, 12);
    expect(Array.from(flags)).toEqual([0, 0, 1, 0]);
    const apart = glitchSteps([0, 1, 2], { lat: [0, north(3), north(5000)], lon: [0, 0, 0], segments: [0, 0, 1] }, 12);
    expect(countGlitches(apart)).toBe(0);
  });

  it('takes a glitch step out of the cumulative distance', () => {
    const { distance, removed } = withoutGlitchDistance([0, 50, null, 1000, 1050], Uint8Array.from([0, 0, 0, 1, 0]));
    expect(removed).toBe(950);
    expect(distance).toEqual([0, 50, null, 50, 100]);
  });
});

describe('lapsWithoutGlitches', () => {
  const start = new Date('2024-05-01T07:00:00Z');
  const at = (s: number) => new Date(start.getTime() + s * 1000);
  const lap = (from: number, seconds: number, distance: number, maxSpeed: number) => ({
    startTime: at(from),
    totalElapsedTime: seconds,
    totalTimerTime: seconds,
    distance,
    averageSpeed: distance / seconds,
    maxSpeed,
  });

  it("takes a glitch's distance out of the lap that holds it and only that lap", () => {
    const time = [0, 1, 2, 3, 4, 5, 6];
    // 4 m/s, then a 1,000 m jump in one second (a car, a teleport) in the second lap, then 4 m/s again
    const raw = [0, 4, 8, 12, 1012, 1016, 1020];
    const flags = glitchSteps(time, { distance: raw }, glitchCeiling('run'));
    const clean = withoutGlitchDistance(raw, flags).distance;
    const laps = [lap(0, 2, 8, 4), lap(2, 4, 1012, 1000)];
    const [first, second] = lapsWithoutGlitches(laps, start, time, raw, clean, glitchCeiling('run'));
    expect(first).toBe(laps[0]);
    // the lap's own figure less the 1,000 m of the jump: what it covered on foot
    expect(second).toEqual({ ...laps[1], distance: 12, averageSpeed: 12 / 4, maxSpeed: 12 });
  });

  it('leaves laps alone on a track without glitches', () => {
    const time = [0, 1, 2, 3];
    const raw = [0, 3, 6, 9];
    const laps = [lap(0, 3, 9, 3)];
    expect(lapsWithoutGlitches(laps, start, time, raw, raw, 12)).toEqual(laps);
  });
});
