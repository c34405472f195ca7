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

/**
 * Satellite altitude is smoothed before gain and loss are summed (CONTRACT: Real history and
 * hand-made activities): each altitude becomes the mean of the altitudes within
 * ELEVATION_SMOOTHING_M (100 m) of track centred on it, by cumulative distance. Along the track,
 * not over time: a time window wide enough for a standing phone's jitter flattens a ride's real
 * hills (60 s at 30 km/h is 500 m of road), while 100 m of track is about the resolution of the
 * terrain models Strava substitutes for phone altitude, whatever the speed; a stop, all at one
 * distance, is averaged into one value. Points without a distance keep their altitude; a window
 * never reaches into another segment (GPX tracks: another place at the same distance).
 * docs/decisions.md "Elevation" has the comparison with other windows and bands.
 */
export const ELEVATION_SMOOTHING_M = 100;

export function smoothedAlongTrack(
  altitudes: readonly (number | null)[],
  distance: readonly (number | null)[],
  segments?: ArrayLike<number>,
): (number | null)[] {
  const n = altitudes.length;
  const out: (number | null)[] = altitudes.slice();
  const half = ELEVATION_SMOOTHING_M / 2;
  const usable = (i: number): boolean => {
    const a = altitudes[i];
    const d = distance[i];
    return a !== null && a !== undefined && Number.isFinite(a) && a >= MIN_PLAUSIBLE_ALTITUDE_M && d !== null && d !== undefined;
  };
  // the window [d − half, d + half] over the points that have both, in order (distance never falls)
  const index: number[] = [];
  for (let i = 0; i < n; i++) if (usable(i) && (index.length === 0 || distance[i]! >= distance[index[index.length - 1]!]!)) index.push(i);
  let a = 0;
  let b = 0;
  let sum = 0;
  for (let k = 0; k < index.length; k++) {
    const d = distance[index[k]!]!;
    const seg = segments?.[index[k]!] ?? 0;
    while (b < index.length && distance[index[b]!]! <= d + half && (segments?.[index[b]!] ?? 0) === seg) sum += altitudes[index[b++]!]!;
    while (distance[index[a]!]! < d - half || (segments?.[index[a]!] ?? 0) !== seg) sum -= altitudes[index[a++]!]!;
    out[index[k]!] = sum / (b - a);
  }
  return out;
}
