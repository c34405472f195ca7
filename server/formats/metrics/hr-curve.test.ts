import { describe, expect, it } from 'vitest';
import { HR_CURVE_DURATIONS, hrCurve } from './hr-curve';

/** The definition read literally: every second s of the grid holds the latest sample at or before it, unless the next sample is over 5 s away. */
function oracle(time: number[], bpm: (number | null)[], duration: number): number | null {
  const samples = time.map((t, i) => [t, bpm[i]] as const).filter(([, v]) => v != null) as [number, number][];
  const grid: (number | null)[] = [];
  for (let s = samples[0]![0]; s < samples[samples.length - 1]![0]; s++) {
    let i = 0;
    while (i + 1 < samples.length && samples[i + 1]![0] <= s) i++;
    grid.push(samples[i + 1]![0] - samples[i]![0] > 5 ? null : samples[i]![1]);
  }
  let best: number | null = null;
  for (let k = 0; k + duration <= grid.length; k++) {
    const window = grid.slice(k, k + duration);
    if (window.some((v) => v === null)) continue;
    const mean = (window as number[]).reduce((a, b) => a + b, 0) / duration;
    if (best === null || mean > best) best = mean;
  }
  return best === null ? null : Math.round(best);
}

describe('heart-rate curve', () => {
  it('Curves (issue 52): the greatest mean over T seconds of the 1 s grid, no window across a gap over 5 s', () => {
    const time: number[] = [];
    const bpm: (number | null)[] = [];
    for (let t = 0, k = 0; t < 1500; k++) {
      time.push(t);
      bpm.push(k % 97 === 0 ? null : 120 + Math.round(40 * Math.sin(k / 50) + (k % 7)));
      // 2 s samples, and a 30 s drop-out at 700 s
      t += t >= 700 && t < 702 ? 30 : 2;
    }
    const curve = hrCurve(time, bpm);
    const expected = HR_CURVE_DURATIONS.map((d) => ({ duration: d, bpm: oracle(time, bpm, d) })).filter((p) => p.bpm !== null);
    expect(curve).toEqual(expected);
    expect(curve.length).toBeGreaterThan(4);
  });
});
