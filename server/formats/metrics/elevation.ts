/**
 * Elevation gain and loss with a 3 m hysteresis (dead band): a climb or descent is counted only
 * once the altitude has moved 3 m away from the last turning point, so GPS/barometer jitter of
 * a metre or two never adds up, while a real 10 m hill still counts as 10 m. We use a dead band
 * rather than a moving average because it does not depend on the sampling rate (1 s, smart
 * recording and GPX exports all give the same answer). Device totals (FIT session, TCX lap)
 * are preferred; this runs only where the file has none.
 */
export const ELEVATION_HYSTERESIS_M = 3;

/** Altitudes below this are device "invalid" markers (e.g. FIT raw 0 = -500 m), not terrain. */
export const MIN_PLAUSIBLE_ALTITUDE_M = -450;

export function elevationGainLoss(altitudes: readonly (number | null)[]): { gain: number; loss: number } | null {
  // Turning-point form of the dead band: `turn` is the last confirmed turning point, `extreme`
  // the highest (going up) or lowest (going down) altitude since; a reversal counts once it
  // exceeds the band, and the final leg is counted at the end.
  let turn: number | null = null;
  let extreme = 0;
  let direction: 0 | 1 | -1 = 0;
  let gain = 0;
  let loss = 0;
  for (const a of altitudes) {
    if (a === null || !Number.isFinite(a) || a < MIN_PLAUSIBLE_ALTITUDE_M) continue;
    if (turn === null) {
      turn = a;
      extreme = a;
      continue;
    }
    if (direction === 0) {
      if (a - turn >= ELEVATION_HYSTERESIS_M) {
        direction = 1;
        extreme = a;
      } else if (turn - a >= ELEVATION_HYSTERESIS_M) {
        direction = -1;
        extreme = a;
      }
    } else if (direction === 1) {
      if (a > extreme) extreme = a;
      else if (extreme - a >= ELEVATION_HYSTERESIS_M) {
        gain += extreme - turn;
        turn = extreme;
        extreme = a;
        direction = -1;
      }
    } else {
      if (a < extreme) extreme = a;
      else if (a - extreme >= ELEVATION_HYSTERESIS_M) {
        loss += turn - extreme;
        turn = extreme;
        extreme = a;
        direction = 1;
      }
    }
  }
  if (turn === null) return null;
  if (direction === 1) gain += extreme - turn;
  if (direction === -1) loss += turn - extreme;
  return { gain, loss };
}
