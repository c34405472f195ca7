import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../testing/seeded-random';
import { maxCluster, maxSquare } from './tile-summary';
import { tileKey } from './track-tiles';

// CONTRACT: Explorer, goals, gear components, segments: max square and max cluster against brute force.

const ZOOM = 17;
const keysOf = (tiles: [number, number][]) => tiles.map(([x, y]) => tileKey(x, y, ZOOM));

/** Brute force: every visited tile as a north-west corner, grown while the whole square is visited; the first largest in (y, x) order of its south-east corner. */
function bruteSquare(tiles: [number, number][]): { size: number; x: number; y: number } {
  const set = new Set(tiles.map(([x, y]) => `${x},${y}`));
  const full = (x: number, y: number, s: number) => {
    for (let dx = 0; dx < s; dx++) for (let dy = 0; dy < s; dy++) if (!set.has(`${x + dx},${y + dy}`)) return false;
    return true;
  };
  let best = { size: 0, x: 0, y: 0 };
  let bestCorner = [Infinity, Infinity];
  for (const [x, y] of tiles) {
    let s = 1;
    while (full(x, y, s + 1)) s += 1;
    const corner = [y + s - 1, x + s - 1];
    if (s > best.size || (s === best.size && (corner[0]! < bestCorner[0]! || (corner[0] === bestCorner[0] && corner[1]! < bestCorner[1]!)))) {
      best = { size: s, x, y };
      bestCorner = corner;
    }
  }
  return best;
}

/** Brute force: cluster tiles, then repeated merging of labels until nothing changes. */
function bruteCluster(tiles: [number, number][]): number {
  const set = new Set(tiles.map(([x, y]) => `${x},${y}`));
  const cluster = tiles.filter(([x, y]) => [`${x - 1},${y}`, `${x + 1},${y}`, `${x},${y - 1}`, `${x},${y + 1}`].every((k) => set.has(k)));
  const label = new Map(cluster.map(([x, y], i) => [`${x},${y}`, i]));
  for (let changed = true; changed;) {
    changed = false;
    for (const [x, y] of cluster) {
      for (const k of [`${x - 1},${y}`, `${x + 1},${y}`, `${x},${y - 1}`, `${x},${y + 1}`]) {
        const other = label.get(k);
        if (other !== undefined && other < label.get(`${x},${y}`)!) {
          label.set(`${x},${y}`, other);
          changed = true;
        }
      }
    }
  }
  const sizes = new Map<number, number>();
  for (const l of label.values()) sizes.set(l, (sizes.get(l) ?? 0) + 1);
  return Math.max(0, ...sizes.values());
}

describe('explorer summary', () => {
  it('a 5 × 5 block: square 5 at its corner, cluster 9 (its inner 3 × 3); a plus sign: cluster 1', () => {
    const block: [number, number][] = [];
    for (let x = 100; x < 105; x++) for (let y = 200; y < 205; y++) block.push([x, y]);
    expect(maxSquare(keysOf(block), ZOOM)).toEqual({ size: 5, x: 100, y: 200 });
    expect(maxCluster(keysOf(block), ZOOM)).toBe(9);
    expect(
      maxCluster(
        keysOf([
          [5, 5],
          [4, 5],
          [6, 5],
          [5, 4],
          [5, 6],
        ]),
        ZOOM,
      ),
    ).toBe(1);
    expect(maxSquare([], ZOOM)).toEqual({ size: 0, x: 0, y: 0 });
    // the east edge's last tile and the next row's first are no neighbours (their row-major numbers are)
    const n = 2 ** ZOOM;
    const wrap: [number, number][] = [];
    for (let y = 10; y < 14; y++) for (const x of [n - 2, n - 1, 0, 1]) wrap.push([x, y]);
    expect(maxSquare(keysOf(wrap), ZOOM)).toEqual(bruteSquare(wrap));
    expect(maxSquare(keysOf(wrap), ZOOM).size).toBe(2);
    expect(maxCluster(keysOf(wrap), ZOOM)).toBe(0);
    expect(maxCluster([], ZOOM)).toBe(0);
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('equal brute force on random fixture %i (blobs and scatter, the grid edge included)', (seed) => {
    const random = seededRandom(seed);
    const set = new Set<string>();
    const tiles: [number, number][] = [];
    const add = (x: number, y: number) => {
      if (x < 0 || y < 0 || set.has(`${x},${y}`)) return;
      set.add(`${x},${y}`);
      tiles.push([x, y]);
    };
    for (let blob = 0; blob < 6; blob++) {
      const cx = Math.floor(random() * 40);
      const cy = Math.floor(random() * 40);
      const r = 2 + random() * 7;
      for (let x = cx - 10; x <= cx + 10; x++)
        for (let y = cy - 10; y <= cy + 10; y++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r && random() < 0.93) add(x, y);
    }
    for (let i = 0; i < 300; i++) add(Math.floor(random() * 60), Math.floor(random() * 60));
    expect(maxSquare(keysOf(tiles), ZOOM)).toEqual(bruteSquare(tiles));
    expect(maxCluster(keysOf(tiles), ZOOM)).toBe(bruteCluster(tiles));
    expect(bruteSquare(tiles).size).toBeGreaterThan(2);
  });
});
