import type { Sample } from './sample';
import { SampleColumns } from './sample-columns';

/** WGS84 mean radius, the same sphere the corpus reference uses (expected.json "gpx" oracle). */
export const EARTH_RADIUS_M = 6_371_008.8;

const RAD = Math.PI / 180;

export function haversine(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * A position less than this far from the last counted one is held, not counted: a phone standing
 * still (or creeping at a crossing) scatters its fixes a metre or two around it, and summing that
 * scatter point to point added 2–4 % to the phone runs of the real history (docs/decisions.md
 * "Distance"). The track still counts every step once it has moved this far from the held point,
 * so a slow walker's 1 m steps add up; a clean device track changes by under 0.05 %.
 */
export const GPS_JITTER_M = 2;

/**
 * Cumulative distance along the positions, summed only between consecutive points of the same
 * segment (the jump between two GPX tracks or segments is a recording gap, not travel), from the
 * last counted position (GPS_JITTER_M).
 * Returns null entries before the first position, and null overall when there is no position.
 */
export function cumulativeGpsDistance(points: SampleColumns | readonly Sample[]): { cumulative: (number | null)[]; total: number } | null {
  const columns = points instanceof SampleColumns ? points : SampleColumns.fromSamples(points);
  const cumulative: (number | null)[] = [];
  let total = 0;
  let prev = -1;
  for (let i = 0; i < columns.length; i++) {
    if (columns.hasPosition(i)) {
      if (prev >= 0 && columns.segment[prev] === columns.segment[i]) {
        const step = haversine(columns.lat[prev]!, columns.lon[prev]!, columns.lat[i]!, columns.lon[i]!);
        if (step >= GPS_JITTER_M) {
          total += step;
          prev = i;
        }
      } else prev = i;
    }
    cumulative.push(prev >= 0 ? total : null);
  }
  return prev >= 0 ? { cumulative, total } : null;
}
