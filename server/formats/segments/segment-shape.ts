import { EARTH_RADIUS_M } from '../metrics/haversine';
import { decodePolyline } from '../route/decode-polyline';
import { encodePolyline, simplify } from '../route/route-polyline';

// A segment's line in a local equirectangular frame (metres) around its own middle latitude: over
// the few kilometres of a segment the frame's error stays well under a metre, far inside the
// matcher's tolerance, and every distance the matcher takes is then plain arithmetic.

const RAD = Math.PI / 180;
/** Douglas–Peucker tolerance of a stored segment line: its vertices stay within 2 m of the track it was cut from. */
const SHAPE_TOLERANCE_M = 2;
/** How far along the line the start and end gates take their direction (a first edge of 1 m says little). */
const GATE_BASE_M = 15;

export interface SegmentShape {
  /** vertices in the local frame */
  x: Float64Array;
  y: Float64Array;
  /** metres along the line at each vertex */
  along: Float64Array;
  length: number;
  scaleX: number;
  scaleY: number;
  /** degrees: the line's box */
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
  /** unit directions of the line at its start and its end */
  startDir: [number, number];
  endDir: [number, number];
}

export interface SegmentLine {
  /** Google encoded polyline, precision 5 */
  polyline: string;
  distance: number;
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

function unit(dx: number, dy: number): [number, number] {
  const len = Math.hypot(dx, dy);
  return len > 0 ? [dx / len, dy / len] : [1, 0];
}

/** The shape of a line given as flat [lat0, lon0, lat1, lon1, …]; null below two distinct points. */
export function segmentShape(flat: ArrayLike<number>): SegmentShape | null {
  const count = Math.floor(flat.length / 2);
  if (count < 2) return null;
  let [minLat, minLon, maxLat, maxLon] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let k = 0; k < count; k++) {
    const lat = flat[2 * k]!;
    const lon = flat[2 * k + 1]!;
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
    minLon = Math.min(minLon, lon);
    maxLon = Math.max(maxLon, lon);
  }
  const scaleY = EARTH_RADIUS_M * RAD;
  const scaleX = scaleY * Math.cos(((minLat + maxLat) / 2) * RAD);
  const x = new Float64Array(count);
  const y = new Float64Array(count);
  const along = new Float64Array(count);
  for (let k = 0; k < count; k++) {
    x[k] = flat[2 * k + 1]! * scaleX;
    y[k] = flat[2 * k]! * scaleY;
    if (k > 0) along[k] = along[k - 1]! + Math.hypot(x[k]! - x[k - 1]!, y[k]! - y[k - 1]!);
  }
  const length = along[count - 1]!;
  if (!(length > 0)) return null;
  // the direction from the start to the first vertex GATE_BASE_M along (or the last), and back from the end
  let a = 1;
  while (a < count - 1 && along[a]! < GATE_BASE_M) a++;
  let b = count - 2;
  while (b > 0 && length - along[b]! < GATE_BASE_M) b--;
  return {
    x,
    y,
    along,
    length,
    scaleX,
    scaleY,
    minLat,
    minLon,
    maxLat,
    maxLon,
    startDir: unit(x[a]! - x[0]!, y[a]! - y[0]!),
    endDir: unit(x[count - 1]! - x[b]!, y[count - 1]! - y[b]!),
  };
}

/** A stored segment's line from positions (a stretch of a track or a drawn line): simplified, encoded, measured. */
export function segmentLine(lat: readonly number[], lon: readonly number[]): SegmentLine | null {
  const scaleY = EARTH_RADIUS_M * RAD;
  const scaleX = scaleY * Math.cos((lat.reduce((s, v) => s + v, 0) / Math.max(1, lat.length)) * RAD);
  const x = Float64Array.from(lon, (v) => v * scaleX);
  const y = Float64Array.from(lat, (v) => v * scaleY);
  const kept = lat.length >= 2 ? simplify(x, y, SHAPE_TOLERANCE_M) : [];
  const polyline = encodePolyline(
    kept.map((i) => lat[i]!),
    kept.map((i) => lon[i]!),
  );
  const shape = segmentShape(decodePolyline(polyline));
  if (!shape) return null;
  const { length, minLat, minLon, maxLat, maxLon } = shape;
  return { polyline, distance: length, minLat, minLon, maxLat, maxLon };
}
