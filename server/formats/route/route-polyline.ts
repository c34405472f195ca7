import { EARTH_RADIUS_M } from '../metrics/haversine';

// CONTRACT: Beyond the spec … Maps, privacy zones, sharing: each activity's route as a Google
// encoded polyline (precision 5), simplified to at most 5 m off the recorded track, both ends kept.
// Computed where the activity is parsed (server/services/ingestion/prepare-activity.ts) and by the backfill
// job for stored activities; ROUTE_POLYLINE_VERSION names this algorithm in the stored row, so a
// change of it makes the backfill compute every route again.

export const ROUTE_POLYLINE_VERSION = 1;
/**
 * Douglas–Peucker tolerance in metres on a local equirectangular projection: 4 m, so that the
 * projection's error over one segment (well under 0.5 m for segments of a few km) and the
 * encoding's rounding (≤ 0.56 m per coordinate at precision 5) stay inside the 5 m promised.
 */
const TOLERANCE_M = 4;
const RAD = Math.PI / 180;

export interface RoutePolyline {
  polyline: string;
  /** the recorded track's bounding box (every position, not only the kept ones), for bbox filters */
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

/** The positions of a track, in typed arrays: both present, finite and not the (0, 0) that devices write without a fix. */
function trackPositions(lat: readonly (number | null)[], lon: readonly (number | null)[]): { lat: Float64Array; lon: Float64Array } {
  const n = Math.min(lat.length, lon.length);
  const outLat = new Float64Array(n);
  const outLon = new Float64Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const a = lat[i];
    const o = lon[i];
    if (a == null || o == null || !Number.isFinite(a) || !Number.isFinite(o) || (a === 0 && o === 0)) continue;
    outLat[count] = a;
    outLon[count++] = o;
  }
  return { lat: outLat.subarray(0, count), lon: outLon.subarray(0, count) };
}

/**
 * Douglas–Peucker splits a long track unevenly (a loop's far point, then its near ends), so one
 * pass can cost n² distances; a vertex kept every CHUNK points bounds that at a few extra points.
 */
const CHUNK = 256;

/** Indices kept by Douglas–Peucker (iterative: a 100k-point track must not overflow the stack). */
export function simplify(x: Float64Array, y: Float64Array, tolerance: number): number[] {
  const n = x.length;
  const keep = new Uint8Array(n);
  const stack: number[] = [];
  for (let start = 0; start < n - 1; start += CHUNK) {
    const end = Math.min(n - 1, start + CHUNK);
    keep[start] = keep[end] = 1;
    stack.push(start, end);
  }
  const tol2 = tolerance * tolerance;
  while (stack.length) {
    const last = stack.pop()!;
    const first = stack.pop()!;
    const ax = x[first]!;
    const ay = y[first]!;
    const dx = x[last]! - ax;
    const dy = y[last]! - ay;
    const len2 = dx * dx + dy * dy;
    let worst = -1;
    let worstD2 = tol2;
    for (let i = first + 1; i < last; i++) {
      const px = x[i]! - ax;
      const py = y[i]! - ay;
      // distance to the segment (not the infinite line): a track that turns back must keep its turn
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, (px * dx + py * dy) / len2));
      const ex = px - t * dx;
      const ey = py - t * dy;
      const d2 = ex * ex + ey * ey;
      if (d2 > worstD2) {
        worstD2 = d2;
        worst = i;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push(first, worst, worst, last);
    }
  }
  const kept: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) kept.push(i);
  return kept;
}

function encodeSigned(value: number, out: string[]): void {
  let v = value < 0 ? ~(value << 1) : value << 1;
  while (v >= 0x20) {
    out.push(String.fromCharCode((0x20 | (v & 0x1f)) + 63));
    v >>>= 5;
  }
  out.push(String.fromCharCode(v + 63));
}

/** Google's encoded polyline algorithm format, precision 5 (latitude first). */
export function encodePolyline(lat: ArrayLike<number>, lon: ArrayLike<number>): string {
  const out: string[] = [];
  let prevLat = 0;
  let prevLon = 0;
  for (let i = 0; i < lat.length; i++) {
    const a = Math.round(lat[i]! * 1e5);
    const o = Math.round(lon[i]! * 1e5);
    encodeSigned(a - prevLat, out);
    encodeSigned(o - prevLon, out);
    prevLat = a;
    prevLon = o;
  }
  return out.join('');
}

/** The simplified route of a track; null when it has fewer than two positions. */
export function routePolyline(latStream: readonly (number | null)[], lonStream: readonly (number | null)[]): RoutePolyline | null {
  const { lat, lon } = trackPositions(latStream, lonStream);
  if (lat.length < 2) return null;
  let [minLat, minLon, maxLat, maxLon] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < lat.length; i++) {
    const a = lat[i]!;
    const o = lon[i]!;
    if (a < minLat) minLat = a;
    if (a > maxLat) maxLat = a;
    if (o < minLon) minLon = o;
    if (o > maxLon) maxLon = o;
  }
  const scaleX = EARTH_RADIUS_M * RAD * Math.cos(((minLat + maxLat) / 2) * RAD);
  const scaleY = EARTH_RADIUS_M * RAD;
  const x = new Float64Array(lat.length);
  const y = new Float64Array(lat.length);
  for (let i = 0; i < lat.length; i++) {
    x[i] = lon[i]! * scaleX;
    y[i] = lat[i]! * scaleY;
  }
  const kept = simplify(x, y, TOLERANCE_M);
  return {
    polyline: encodePolyline(
      kept.map((i) => lat[i]!),
      kept.map((i) => lon[i]!),
    ),
    minLat,
    minLon,
    maxLat,
    maxLon,
  };
}
