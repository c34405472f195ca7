// Average/maximum over per-point values. Which zeros count is a choice per channel:
//  - heart rate: 0 is a strap dropout, never a reading → excluded;
//  - cadence: 0 is coasting or standing; averages exclude zeros (Garmin's default display);
//  - power: 0 is real (coasting produces no power) → included in the average, but a channel with
//    no positive value at all means "no power meter" → null.

export interface AvgMax {
  average: number | null;
  max: number | null;
}

const NONE: AvgMax = { average: null, max: null };

export function avgMax(values: readonly (number | null)[], options: { excludeZeros: boolean }): AvgMax {
  let sum = 0;
  let count = 0;
  let max = -Infinity;
  let positive = false;
  for (const v of values) {
    if (v === null || !Number.isFinite(v) || v < 0) continue;
    if (v > 0) positive = true;
    if (v === 0 && options.excludeZeros) continue;
    sum += v;
    count++;
    if (v > max) max = v;
  }
  if (count === 0 || !positive) return NONE;
  return { average: sum / count, max };
}

export const heartRateStats = (hr: readonly (number | null)[]): AvgMax => avgMax(hr, { excludeZeros: true });
export const cadenceStats = (cad: readonly (number | null)[]): AvgMax => avgMax(cad, { excludeZeros: true });
export const powerStats = (power: readonly (number | null)[]): AvgMax => avgMax(power, { excludeZeros: false });

/** s/km from m/s; null when not moving. */
export function paceFromSpeed(speed: number | null): number | null {
  return speed !== null && speed > 0 ? 1000 / speed : null;
}

/** A device summary value, or null when it is absent, non-finite or a placeholder 0. */
export function positiveOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/** A device summary value where 0 is meaningful (distance, ascent), or null when absent. */
export function finiteOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}
