import { oneSecondGrid } from './one-second-grid';

// CONTRACT: Beyond the spec … Training load (revised 2026-11-29): NP is the 30 s rolling mean over
// the non-gap seconds of the 1 s grid (the window carries across a gap; coasting zeros count),
// fourth power, mean, fourth root. Paused time is out, as every head unit, TrainingPeaks,
// intervals.icu and GoldenCheetah leave it. A power stream of zeros and nulls only is no power.

const WINDOW_S = 30;

/**
 * The recorded seconds of a power grid built with NaN for gap seconds, in order, gaps taken out;
 * null when there is no power (no recorded second, or every recorded second 0 W).
 */
export function recordedPower(grid: Float64Array): Float64Array | null {
  const recorded = new Float64Array(grid.length);
  let n = 0;
  let any = false;
  for (const watts of grid) {
    if (Number.isNaN(watts)) continue;
    // a negative reading is no work: it counts as a zero, like the power curve's
    const value = watts > 0 ? watts : 0;
    any ||= value > 0;
    recorded[n++] = value;
  }
  return any ? recorded.subarray(0, n) : null;
}

/** NP of recorded seconds (gaps already out); null under 30 s. */
export function normalizedPowerOfRecorded(values: Float64Array): number | null {
  if (values.length < WINDOW_S) return null;
  let window = 0;
  let sum4 = 0;
  for (let k = 0; k < values.length; k++) {
    window += values[k]!;
    if (k >= WINDOW_S) window -= values[k - WINDOW_S]!;
    if (k >= WINDOW_S - 1) sum4 += (window / WINDOW_S) ** 4;
  }
  const np = (sum4 / (values.length - WINDOW_S + 1)) ** 0.25;
  return np > 0 ? np : null;
}

/**
 * NP of a power stream at `times` (epoch milliseconds, as the parsers hold them); null without
 * 30 recorded seconds of power or with zeros only.
 */
export function normalizedPower(times: ArrayLike<number>, power: readonly (number | null)[]): number | null {
  const seconds = Array.from(times, (ms) => ms / 1000);
  const recorded = recordedPower(oneSecondGrid(seconds, power, Number.NaN).values);
  return recorded ? normalizedPowerOfRecorded(recorded) : null;
}
