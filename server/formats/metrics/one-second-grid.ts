// CONTRACT: Beyond the spec … Best efforts and records: the 1 s grid of a stream (power curve, NP,
// TSS, TRIMP). Seconds t0 + k for k = 0, 1, … while t0 + k < t_last; each takes the value of the
// latest sample at or before it, so sample i holds over [t_i, t_(i+1)) and the last sample holds no
// second. A sample followed by a gap over 5 s fills its interval with `gapValue` (0 W for power,
// NaN = skipped for heart rate). Samples whose time or value is null are not samples.

/** A gap between two samples longer than this many seconds is not held by the earlier sample. */
export const GRID_MAX_HOLD_S = 5;

export interface OneSecondGrid {
  /** the first sample's time (seconds from the activity's start); second k is t0 + k */
  t0: number;
  /** one value per second; NaN marks a skipped second (only when gapValue is NaN) */
  values: Float64Array;
}

/**
 * Puts a stream on the 1 s grid. `gapValue` is what each second of a gap over 5 s holds: 0 for
 * power, NaN for heart rate (such seconds are skipped by whoever reads the grid).
 */
export function oneSecondGrid(times: readonly (number | null)[], values: readonly (number | null | undefined)[], gapValue: number): OneSecondGrid {
  // the samples, filled in place (no growing arrays over a 24 h stream)
  const t = new Float64Array(times.length);
  const v = new Float64Array(times.length);
  let n = 0;
  for (let i = 0; i < times.length; i++) {
    const time = times[i];
    const value = values[i];
    if (time == null || value == null || !Number.isFinite(time) || !Number.isFinite(value)) continue;
    // a time that does not advance replaces nothing: the later of two equal times holds
    if (n && time < t[n - 1]!) continue;
    t[n] = time;
    v[n++] = value;
  }
  if (n < 2) return { t0: n ? t[0]! : 0, values: new Float64Array(0) };
  const t0 = t[0]!;
  const span = t[n - 1]! - t0;
  const out = new Float64Array(Math.max(0, Math.ceil(span)));
  let i = 0;
  for (let k = 0; k < out.length; k++) {
    const second = t0 + k;
    while (i + 1 < n && t[i + 1]! <= second) i++;
    out[k] = t[i + 1]! - t[i]! > GRID_MAX_HOLD_S ? gapValue : v[i]!;
  }
  return { t0, values: out };
}
