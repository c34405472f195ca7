import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseActivityFile } from '..';
import { CORPUS_DIR, readCorpusFile } from '../test-support/corpus';
import { activityTrackTiles, EXPLORER_ZOOMS, trackTiles } from './track-tiles';

// CONTRACT: Explorer, goals, gear components, segments: the tiles a track's line passes through,
// against a straightforward implementation written apart: every tile of each segment's bounding
// box, kept when the segment clipped to the tile (Liang and Barsky) is not empty.

function referenceXY(lat: number, lon: number, zoom: number): [number, number] {
  const n = 2 ** zoom;
  const latitude = Math.max(-85.0511287798066, Math.min(85.0511287798066, lat));
  const y = ((1 - Math.asinh(Math.tan((latitude * Math.PI) / 180)) / Math.PI) / 2) * n;
  return [Math.min(Math.max(((lon + 180) / 360) * n, 0), n - 1e-9), Math.min(Math.max(y, 0), n - 1e-9)];
}

/** Does the segment meet the tile [tx, tx + 1) × [ty, ty + 1)? */
function clips(x0: number, y0: number, x1: number, y1: number, tx: number, ty: number): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = x1 - x0;
  const dy = y1 - y0;
  for (const [p, q] of [
    [-dx, x0 - tx],
    [dx, tx + 1 - x0],
    [-dy, y0 - ty],
    [dy, ty + 1 - y0],
  ] as const) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const r = q / p;
    if (p < 0) t0 = Math.max(t0, r);
    else t1 = Math.min(t1, r);
    if (t0 > t1) return false;
  }
  // a segment only touching the tile's east or south edge (or a corner) is in the neighbour
  const xm = x0 + dx * ((t0 + t1) / 2);
  const ym = y0 + dy * ((t0 + t1) / 2);
  return t1 > t0 ? Math.floor(xm) === tx && Math.floor(ym) === ty : Math.floor(x0 + dx * t0) === tx && Math.floor(y0 + dy * t0) === ty;
}

function referenceTiles(lat: (number | null)[], lon: (number | null)[], zoom: number, skip?: number[]): string[] {
  const out = new Set<string>();
  let prev: [number, number] | null = null;
  lat.forEach((a, i) => {
    const o = lon[i];
    if (a == null || o == null) return;
    const [x, y] = referenceXY(a, o, zoom);
    if (!prev || skip?.[i]) out.add(`${Math.floor(x)},${Math.floor(y)}`);
    else {
      const [px, py] = prev;
      for (let tx = Math.floor(Math.min(px, x)); tx <= Math.floor(Math.max(px, x)); tx++)
        for (let ty = Math.floor(Math.min(py, y)); ty <= Math.floor(Math.max(py, y)); ty++) if (clips(px, py, x, y, tx, ty)) out.add(`${tx},${ty}`);
    }
    prev = [x, y];
  });
  return [...out].sort();
}

const asXY = (keys: number[], zoom: number) => keys.map((k) => `${Math.floor(k / 2 ** zoom)},${k % 2 ** zoom}`).sort();

const corpus = ['fit', 'gpx', 'tcx'].flatMap((dir) => readdirSync(join(CORPUS_DIR, dir)).map((name) => `${dir}/${name}`));

describe('explorer tiles', () => {
  it('CONTRACT: Explorer, goals …: on every corpus track, both zooms, the tiles equal the reference (0 tiles different)', async () => {
    let compared = 0;
    let tiles = 0;
    for (const file of corpus) {
      for (const activity of await parseActivityFile(readCorpusFile(file), file.split('/')[1]!)) {
        const { lat, lon } = activity.streams;
        if (!lat?.some((v) => v != null)) continue;
        for (const zoom of EXPLORER_ZOOMS) {
          const got = asXY(trackTiles(lat, lon!, zoom), zoom);
          expect(got, `${file} at zoom ${zoom}`).toEqual(referenceTiles(lat, lon!, zoom));
          tiles += got.length;
        }
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(15);
    expect(tiles).toBeGreaterThan(2500);
  });

  it('the line counts, not only the points: two points 10 tiles apart give the 11 tiles between, a diagonal the tiles it crosses', () => {
    const zoom = 17;
    const [x0, y0] = referenceXY(48.2, 16.37, zoom);
    const lonAt = (x: number) => (x / 2 ** zoom) * 360 - 180;
    const line = trackTiles([48.2, 48.2], [16.37, lonAt(x0 + 10)], zoom);
    expect(asXY(line, zoom)).toEqual(Array.from({ length: 11 }, (_, i) => `${Math.floor(x0) + i},${Math.floor(y0)}`).sort());
    const diagonal = trackTiles([48.2, 48.19], [16.37, 16.38], zoom);
    expect(asXY(diagonal, zoom)).toEqual(referenceTiles([48.2, 48.19], [16.37, 16.38], zoom));
    expect(diagonal.length).toBeGreaterThan(4);
  });

  it('never across a glitch: a skipped step draws no line, its end still counts; a missing position is joined over', () => {
    const lat = [48.2, 48.2, null, 48.2];
    const lon = [16.37, 16.371, null, 16.5];
    const jumped = trackTiles(lat, lon, 14, [0, 0, 0, 1]);
    expect(asXY(jumped, 14)).toEqual(referenceTiles(lat as number[], lon as number[], 14, [0, 0, 0, 1]));
    expect(jumped).toHaveLength(2);
    expect(trackTiles(lat, lon, 14).length).toBeGreaterThan(5);
  });

  it('an activity with a GPS teleport: no tiles along the jump at either zoom (its type’s ceiling); a virtual activity’s jump is drawn', () => {
    // a run east at 3 m/s for 10 minutes, a jump 8 km east within one second, 10 more minutes
    const metresPerDegree = 111_320 * Math.cos((48.2 * Math.PI) / 180);
    const before = Array.from({ length: 600 }, (_, i) => 16.3 + (3 * i) / metresPerDegree);
    const after = before.map((lon) => lon + 8_000 / metresPerDegree + 1_800 / metresPerDegree);
    const lon = [...before, ...after];
    const lat = lon.map(() => 48.2);
    const time = lon.map((_, i) => i);
    const tiles = activityTrackTiles('run', { time, lat, lon })!;
    for (const zoom of EXPLORER_ZOOMS) {
      const halves = new Set([...referenceTiles(lat.slice(0, 600), before, zoom), ...referenceTiles(lat.slice(600), after, zoom)]);
      expect(asXY(tiles[zoom], zoom)).toEqual([...halves].sort());
      // the jump's straight line would have crossed the tiles between
      expect(trackTiles(lat, lon, zoom).length).toBeGreaterThan(halves.size + (zoom === 17 ? 20 : 2));
    }
    expect(activityTrackTiles('ride', { time, lat, lon })).toEqual(tiles);
    expect(activityTrackTiles('virtual_run', { time, lat, lon })![17]).toEqual(trackTiles(lat, lon, 17));
    expect(activityTrackTiles('run', { time, lat: null, lon: null })).toBeNull();
  });
});
