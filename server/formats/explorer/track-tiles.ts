// CONTRACT: Explorer, goals, gear components, segments: explorer tiles are slippy-map tiles
// (OpenStreetMap numbering) at zoom 14 and 17 that the track's line passes through: the straight
// line (on the map, Web Mercator) between consecutive positions, not only the positions; never across a glitch.

import type { ActivityType } from '../activity-types';
import { isVirtual } from '../finalize';
import { glitchCeiling, glitchSteps } from '../metrics/glitches';

export const EXPLORER_ZOOMS = [14, 17] as const;
export type ExplorerZoom = (typeof EXPLORER_ZOOMS)[number];

/** Bump when the tiles of a track change: the backfill computes every activity of an older version again. */
export const EXPLORER_TILES_VERSION = 2; // 2: no line across a glitch

/** Web Mercator's latitude limit: beyond it no tile exists. */
const MAX_LAT = 85.0511287798066;

/** A position in tile units at `zoom` (x east, y south), as fractions: tile (x, y) spans [x, x + 1) × [y, y + 1). */
export function tileCoordinates(lat: number, lon: number, zoom: number): [number, number] {
  const n = 2 ** zoom;
  const clamped = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  const phi = (clamped * Math.PI) / 180;
  const x = ((lon + 180) / 360) * n;
  const y = ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * n;
  // the east and south edges belong to the last tile
  return [Math.min(Math.max(x, 0), n - 1e-9), Math.min(Math.max(y, 0), n - 1e-9)];
}

/** A tile as one number (x · 2^zoom + y), exact for zoom ≤ 26. */
export const tileKey = (x: number, y: number, zoom: number): number => x * 2 ** zoom + y;
export const tileOfKey = (key: number, zoom: number): [number, number] => [Math.floor(key / 2 ** zoom), key % 2 ** zoom];

/** Every tile the segment from (x0, y0) to (x1, y1), in tile units, passes through (a grid walk, Amanatides and Woo). */
function walkSegment(x0: number, y0: number, x1: number, y1: number, zoom: number, into: Set<number>): void {
  let cx = Math.floor(x0);
  let cy = Math.floor(y0);
  const ex = Math.floor(x1);
  const ey = Math.floor(y1);
  into.add(tileKey(cx, cy, zoom));
  const dx = x1 - x0;
  const dy = y1 - y0;
  const stepX = Math.sign(dx);
  const stepY = Math.sign(dy);
  let tMaxX = dx === 0 ? Infinity : ((stepX > 0 ? cx + 1 : cx) - x0) / dx;
  let tMaxY = dy === 0 ? Infinity : ((stepY > 0 ? cy + 1 : cy) - y0) / dy;
  const tDeltaX = dx === 0 ? Infinity : stepX / dx;
  const tDeltaY = dy === 0 ? Infinity : stepY / dy;
  for (let left = Math.abs(ex - cx) + Math.abs(ey - cy); left > 0; left--) {
    if (tMaxX < tMaxY) {
      cx += stepX;
      tMaxX += tDeltaX;
    } else {
      cy += stepY;
      tMaxY += tDeltaY;
    }
    into.add(tileKey(cx, cy, zoom));
  }
}

type Column = ArrayLike<number | null>;

/**
 * The tiles (keys, ascending) of a track at `zoom`. Points without a position are passed over (the
 * line joins the positions on either side); `skip[i] = 1` (glitchSteps of server/formats/metrics/glitches.ts)
 * drops the step that ends at point i: no line is drawn across a glitch, its end point still counts.
 */
export function trackTiles(lat: Column, lon: Column, zoom: number, skip?: ArrayLike<number> | null): number[] {
  const tiles = new Set<number>();
  let px = NaN;
  let py = NaN;
  for (let i = 0; i < lat.length; i++) {
    const a = lat[i];
    const o = lon[i];
    if (a == null || o == null || !Number.isFinite(a) || !Number.isFinite(o)) continue;
    const [x, y] = tileCoordinates(a, o, zoom);
    if (Number.isNaN(px) || skip?.[i]) tiles.add(tileKey(Math.floor(x), Math.floor(y), zoom));
    else walkSegment(px, py, x, y, zoom, tiles);
    px = x;
    py = y;
  }
  return [...tiles].sort((p, q) => p - q);
}

/** Both zooms' tiles of a track (what ingestion stores per activity). */
export function explorerTiles(lat: Column, lon: Column, skip?: ArrayLike<number> | null): Record<ExplorerZoom, number[]> {
  return { 14: trackTiles(lat, lon, 14, skip), 17: trackTiles(lat, lon, 17, skip) };
}

/**
 * The tiles ingestion and the backfill store for an activity's track: both zooms', no line drawn
 * across a glitch of its type (a virtual activity's positions are a game world's and, as in
 * finalize.ts, not checked). Null without positions.
 */
export function activityTrackTiles(
  type: ActivityType,
  track: { time?: ArrayLike<number> | null; lat?: Column | null; lon?: Column | null },
): Record<ExplorerZoom, number[]> | null {
  const { time, lat, lon } = track;
  if (!lat || !lon) return null;
  const skip = time && !isVirtual(type) ? glitchSteps(time, { lat, lon }, glitchCeiling(type)) : null;
  return explorerTiles(lat, lon, skip);
}
