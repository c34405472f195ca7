import type { ThresholdResponse } from './schemas';

/** CONTRACT: … Training load: the entry in effect on `day` (the latest effective_from ≤ day), or null. */
export function thresholdsOn(entries: readonly ThresholdResponse[], day: string): ThresholdResponse | null {
  let found: ThresholdResponse | null = null;
  for (const entry of entries) if (entry.effective_from <= day && (!found || entry.effective_from > found.effective_from)) found = entry;
  return found;
}

export function loadThresholds(entry: ThresholdResponse | null) {
  return entry && { maxHr: entry.max_hr, restingHr: entry.resting_hr, lthr: entry.lthr, ftp: entry.ftp, thresholdPace: entry.threshold_pace };
}
