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
 * Cumulative distance along the positions, summed only between consecutive points of the same
 * segment: the jump between two GPX tracks or segments is a recording gap, not travel.
 * Returns null entries before the first position, and null overall when there is no position.
 */
export function cumulativeGpsDistance(points: SampleColumns | readonly Sample[]): { cumulative: (number | null)[]; total: number } | null {
  const columns = points instanceof SampleColumns ? points : SampleColumns.fromSamples(points);
  const cumulative: (number | null)[] = [];
  let total = 0;
  let prev = -1;
  for (let i = 0; i < columns.length; i++) {
    if (columns.hasPosition(i)) {
      if (prev >= 0 && columns.segment[prev] === columns.segment[i])
        total += haversine(columns.lat[prev]!, columns.lon[prev]!, columns.lat[i]!, columns.lon[i]!);
      prev = i;
    }
    cumulative.push(prev >= 0 ? total : null);
  }
  return prev >= 0 ? { cumulative, total } : null;
}
