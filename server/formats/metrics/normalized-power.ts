/**
 * Normalized Power (Coggan): power resampled to 1 Hz, a 30 s rolling mean, the mean of its 4th
 * powers, then the 4th root. Gaps up to MAX_FILL_S between samples are filled with the earlier
 * value (smart recording); longer gaps are pauses and are left out rather than filled with
 * zeros. Needs at least 30 s of power; otherwise null.
 */
const WINDOW_S = 30;
const MAX_FILL_S = 10;

export function normalizedPower(times: ArrayLike<number>, power: readonly (number | null)[]): number | null {
  const series: number[] = [];
  for (let i = 0; i < times.length; i++) {
    const p = power[i];
    const value = p === null || p === undefined || !Number.isFinite(p) || p < 0 ? 0 : p;
    const next = times[i + 1];
    const dt = next === undefined ? 1 : Math.round((next - times[i]!) / 1000);
    const fill = dt <= 0 ? 0 : Math.min(dt, MAX_FILL_S);
    for (let k = 0; k < fill; k++) series.push(value);
  }
  if (series.length < WINDOW_S) return null;
  let windowSum = 0;
  let sum4 = 0;
  let count = 0;
  for (let i = 0; i < series.length; i++) {
    windowSum += series[i]!;
    if (i >= WINDOW_S) windowSum -= series[i - WINDOW_S]!;
    if (i >= WINDOW_S - 1) {
      const mean = windowSum / WINDOW_S;
      sum4 += mean ** 4;
      count++;
    }
  }
  const np = (sum4 / count) ** 0.25;
  return np > 0 ? np : null;
}
