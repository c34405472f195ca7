import { tileKey, tileOfKey } from './track-tiles';

// CONTRACT: Explorer, goals, gear components, segments: the largest square of visited tiles and the
// largest cluster. A cluster tile is a visited tile whose four neighbours (north, south, east, west)
// are visited; max_cluster is the number of tiles in the largest group of cluster tiles connected
// through those four neighbours.

export interface MaxSquare {
  size: number;
  /** the square's north-west tile */
  x: number;
  y: number;
}

/**
 * The largest square of visited tiles: dynamic programming down each column, rows in order. A
 * tile's square (the largest with it as the south-east corner) is 1 + the least of its west,
 * north and north-west squares. Among equal squares the first in (y, x) order wins.
 */
export function maxSquare(keys: readonly number[], zoom: number): MaxSquare {
  const tiles = keys.map((k) => tileOfKey(k, zoom)).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const square = new Map<number, number>();
  let best: MaxSquare = { size: 0, x: 0, y: 0 };
  for (const [x, y] of tiles) {
    const at = (dx: number, dy: number) => square.get(tileKey(x + dx, y + dy, zoom)) ?? 0;
    const size = x > 0 && y > 0 ? 1 + Math.min(at(-1, 0), at(0, -1), at(-1, -1)) : 1;
    square.set(tileKey(x, y, zoom), size);
    if (size > best.size) best = { size, x: x - size + 1, y: y - size + 1 };
  }
  return best;
}

/** The size of the largest 4-connected group of cluster tiles. */
export function maxCluster(keys: readonly number[], zoom: number): number {
  const visited = new Set(keys);
  const n = 2 ** zoom;
  const has = (x: number, y: number) => x >= 0 && y >= 0 && x < n && y < n && visited.has(tileKey(x, y, zoom));
  const isCluster = (x: number, y: number) => has(x, y) && has(x - 1, y) && has(x + 1, y) && has(x, y - 1) && has(x, y + 1);
  const seen = new Set<number>();
  let best = 0;
  for (const key of keys) {
    const [x0, y0] = tileOfKey(key, zoom);
    if (seen.has(key) || !isCluster(x0, y0)) continue;
    seen.add(key);
    const stack: [number, number][] = [[x0, y0]];
    let size = 0;
    while (stack.length) {
      const [x, y] = stack.pop()!;
      size += 1;
      for (const [nx, ny] of [
        [x - 1, y],
        [x + 1, y],
        [x, y - 1],
        [x, y + 1],
      ] as const) {
        const k = tileKey(nx, ny, zoom);
        if (!seen.has(k) && isCluster(nx, ny)) {
          seen.add(k);
          stack.push([nx, ny]);
        }
      }
    }
    best = Math.max(best, size);
  }
  return best;
}
