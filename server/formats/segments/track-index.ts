import { EARTH_RADIUS_M } from '../metrics/haversine';
import { TOLERANCE_M, type MatchTrack } from './match-segment';
import type { SegmentShape } from './segment-shape';

// A track's steps in a grid, built once per activity, so that the segments it cannot pass are
// dropped before the matcher follows the track for each (issue 53: one activity against 1,000
// segments). A pass enters on a step that crosses the start gate within TOLERANCE_M of the start,
// and leaves on a step within TOLERANCE_M of the end (matchSegment): a segment whose start or end
// no step comes that near has no pass. Distances are taken in the track's own frame, the matcher's
// in the segment's, so the test allows half the tolerance more (NEAR_M): it may keep a segment
// without a pass, never drop one with a pass.

const RAD = Math.PI / 180;
const CELL_M = 50;
const NEAR_M = 1.5 * TOLERANCE_M;
/** a step over more cells than this (a long gap) is tested against every query instead */
const MAX_CELLS = 64;

export interface TrackIndex {
  /** whether a step of the track comes within NEAR_M of the point */
  near(lat: number, lon: number): boolean;
}

const key = (cx: number, cy: number) => cx * 1_000_003 + cy;

export function trackIndex(track: MatchTrack): TrackIndex {
  const n = Math.min(track.lat.length, track.lon.length);
  let [sum, count] = [0, 0];
  for (let i = 0; i < n; i++) {
    const lat = track.lat[i];
    if (lat != null && track.lon[i] != null) [sum, count] = [sum + lat, count + 1];
  }
  const scaleY = EARTH_RADIUS_M * RAD;
  const scaleX = scaleY * Math.cos((count ? sum / count : 0) * RAD);
  // steps between consecutive positioned points: [ax, ay, bx, by] each
  const steps: number[] = [];
  const cells = new Map<number, number[]>();
  const long: number[] = [];
  let [px, py, has] = [0, 0, false];
  for (let i = 0; i < n; i++) {
    const lat = track.lat[i];
    const lon = track.lon[i];
    if (lat == null || lon == null) continue;
    const [x, y] = [lon * scaleX, lat * scaleY];
    if (has) {
      const s = steps.length;
      steps.push(px, py, x, y);
      const [x0, x1] = [Math.floor(Math.min(px, x) / CELL_M), Math.floor(Math.max(px, x) / CELL_M)];
      const [y0, y1] = [Math.floor(Math.min(py, y) / CELL_M), Math.floor(Math.max(py, y) / CELL_M)];
      if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS) long.push(s);
      else
        for (let cx = x0; cx <= x1; cx++)
          for (let cy = y0; cy <= y1; cy++) {
            const k = key(cx, cy);
            const list = cells.get(k);
            if (list) list.push(s);
            else cells.set(k, [s]);
          }
    }
    [px, py, has] = [x, y, true];
  }
  const within = (s: number, x: number, y: number) => {
    const [ax, ay, bx, by] = [steps[s]!, steps[s + 1]!, steps[s + 2]!, steps[s + 3]!];
    const [dx, dy] = [bx - ax, by - ay];
    const len2 = dx * dx + dy * dy;
    const f = len2 > 0 ? Math.min(1, Math.max(0, ((x - ax) * dx + (y - ay) * dy) / len2)) : 0;
    return Math.hypot(ax + f * dx - x, ay + f * dy - y) <= NEAR_M;
  };
  return {
    near(lat, lon) {
      const [x, y] = [lon * scaleX, lat * scaleY];
      if (long.some((s) => within(s, x, y))) return true;
      for (let cx = Math.floor((x - NEAR_M) / CELL_M); cx <= Math.floor((x + NEAR_M) / CELL_M); cx++)
        for (let cy = Math.floor((y - NEAR_M) / CELL_M); cy <= Math.floor((y + NEAR_M) / CELL_M); cy++)
          if (cells.get(key(cx, cy))?.some((s) => within(s, x, y))) return true;
      return false;
    },
  };
}

/** Whether the track may pass the segment: it comes near both its start and its end. */
export function mayPass(index: TrackIndex, shape: SegmentShape): boolean {
  const last = shape.x.length - 1;
  return index.near(shape.y[0]! / shape.scaleY, shape.x[0]! / shape.scaleX) && index.near(shape.y[last]! / shape.scaleY, shape.x[last]! / shape.scaleX);
}
