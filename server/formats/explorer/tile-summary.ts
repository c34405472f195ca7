// CONTRACT: Explorer, goals, gear components, segments: the largest square of visited tiles and the
// largest cluster. A cluster tile is a visited tile whose four neighbours (north, south, east, west)
// are visited; max_cluster is the number of tiles in the largest group of cluster tiles connected
// through those four neighbours.
//
// Both run over one sorted array of the tiles packed row-major (y · 2^zoom + x), with each tile's
// north and south neighbours found by walking two neighbouring rows side by side: no Map or Set per
// tile. A Map keyed per tile took seconds over a large history (bench/explorer/tiles.ts, figures in
// bench/README.md).

export interface MaxSquare {
  size: number;
  /** the square's north-west tile */
  x: number;
  y: number;
}

/** The visited tiles in (y, x) order (sorted packed row-major) and each one's north and south neighbours' indices. */
interface TileGrid {
  xs: Float64Array;
  ys: Float64Array;
  /** index of the tile north (y − 1) / south (y + 1) of each, or −1 */
  north: Int32Array;
  south: Int32Array;
}

/** Tile keys (x · 2^zoom + y, track-tiles.ts tileKey) as a grid; repeated keys count once. */
function tileGrid(keys: ArrayLike<number>, zoom: number): TileGrid {
  const n = 2 ** zoom;
  const all = new Float64Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const x = Math.floor(keys[i]! / n);
    all[i] = (keys[i]! - x * n) * n + x;
  }
  all.sort();
  let count = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[count++] = all[i]!;
  const packed = all.subarray(0, count);
  const xs = new Float64Array(count);
  const ys = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    ys[i] = Math.floor(packed[i]! / n);
    xs[i] = packed[i]! - ys[i]! * n;
  }
  const north = new Int32Array(count).fill(-1);
  const south = new Int32Array(count).fill(-1);
  // rows are runs of one y; a row and the row below it are walked together, both in x order
  let above = 0; // start of the previous row
  let row = 0; // start of this row
  while (row < count) {
    let end = row;
    while (end < count && ys[end] === ys[row]) end++;
    if (row > 0 && ys[row - 1] === ys[row]! - 1) {
      for (let i = row, j = above; i < end && j < row;) {
        if (xs[j]! < xs[i]!) j++;
        else if (xs[j]! > xs[i]!) i++;
        else {
          north[i] = j;
          south[j] = i;
          i++;
          j++;
        }
      }
    }
    above = row;
    row = end;
  }
  return { xs, ys, north, south };
}

/**
 * The largest square of visited tiles: dynamic programming in (y, x) order. A tile's square (the
 * largest with it as the south-east corner) is 1 + the least of its west, north and north-west
 * squares. Among equal squares the first in (y, x) order of its south-east corner wins.
 */
export function maxSquare(keys: ArrayLike<number>, zoom: number): MaxSquare {
  return squareOf(tileGrid(keys, zoom));
}

/** The size of the largest 4-connected group of cluster tiles. */
export function maxCluster(keys: ArrayLike<number>, zoom: number): number {
  return clusterOf(tileGrid(keys, zoom));
}

/** Both, over one sorting of the tiles (what the summary reads). */
export function squareAndCluster(keys: ArrayLike<number>, zoom: number): { maxSquare: MaxSquare; maxCluster: number } {
  const grid = tileGrid(keys, zoom);
  return { maxSquare: squareOf(grid), maxCluster: clusterOf(grid) };
}

function squareOf({ xs, ys, north }: TileGrid): MaxSquare {
  const square = new Int32Array(xs.length);
  let best: MaxSquare = { size: 0, x: 0, y: 0 };
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]!;
    const west = i > 0 && ys[i - 1] === ys[i] && xs[i - 1] === x - 1 ? square[i - 1]! : 0;
    const up = north[i]!;
    const nw = up > 0 && ys[up - 1] === ys[up] && xs[up - 1] === x - 1 ? square[up - 1]! : 0;
    const size = 1 + Math.min(west, up >= 0 ? square[up]! : 0, nw);
    square[i] = size;
    if (size > best.size) best = { size, x: x - size + 1, y: ys[i]! - size + 1 };
  }
  return best;
}

function clusterOf({ xs, ys, north, south }: TileGrid): number {
  const count = xs.length;
  const west = (i: number) => (i > 0 && ys[i - 1] === ys[i] && xs[i - 1] === xs[i]! - 1 ? i - 1 : -1);
  const east = (i: number) => (i + 1 < count && ys[i + 1] === ys[i] && xs[i + 1] === xs[i]! + 1 ? i + 1 : -1);
  const cluster = new Uint8Array(count);
  for (let i = 0; i < count; i++) cluster[i] = north[i]! >= 0 && south[i]! >= 0 && west(i) >= 0 && east(i) >= 0 ? 1 : 0;
  // flood fill over cluster tiles; a tile is marked (cluster[i] = 2) when first pushed
  const stack = new Int32Array(count);
  let top = 0;
  const reach = (j: number) => {
    if (cluster[j] === 1) {
      cluster[j] = 2;
      stack[top++] = j;
    }
  };
  let best = 0;
  for (let start = 0; start < count; start++) {
    if (cluster[start] !== 1) continue;
    reach(start);
    let size = 0;
    while (top > 0) {
      const i = stack[--top]!;
      size += 1;
      // a cluster tile's four neighbours are all visited: west and east are its row neighbours
      reach(i - 1);
      reach(i + 1);
      reach(north[i]!);
      reach(south[i]!);
    }
    if (size > best) best = size;
  }
  return best;
}
