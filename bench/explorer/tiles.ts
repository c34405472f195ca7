// Explorer figures (issue 54): time added per upload (both zooms' tiles of a long track, on the
// parse worker), the summary's computation over 250,000 zoom-17 tiles (p99 of 20 runs), and the
// tile part of a backfill scaled to 10,000 activities. Run: npx tsx bench/explorer/tiles.ts [runs]
import { performance } from 'node:perf_hooks';
import { parseActivityFile } from '../../server/formats';
import { maxCluster, maxSquare } from '../../server/formats/explorer/tile-summary';
import { explorerTiles, tileKey } from '../../server/formats/explorer/track-tiles';
import { readCorpusFile } from '../../server/formats/test-support/corpus';
import { seededRandom } from '../../server/testing/seeded-random';

const runs = Number(process.argv[2] ?? 20);
const p = (list: number[], q: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(q * list.length))]!;

async function main() {
  for (const file of ['fit/wahoo_elemnt_ride_6h33.fit', 'fit/garmin_fenix5x_ironman_multisport_14h.fit']) {
    const activities = await parseActivityFile(readCorpusFile(file), file.split('/')[1]!);
    const times: number[] = [];
    let points = 0;
    for (let r = 0; r < runs; r++) {
      const t0 = performance.now();
      for (const a of activities) if (a.streams.lat && a.streams.lon) explorerTiles(a.streams.lat, a.streams.lon);
      times.push(performance.now() - t0);
    }
    for (const a of activities) points += a.streams.lat?.length ?? 0;
    const tiles = activities
      .map((a) => (a.streams.lat && a.streams.lon ? explorerTiles(a.streams.lat, a.streams.lon)[17].length : 0))
      .reduce((s, n) => s + n, 0);
    console.log(`per upload ${file}: ${points} points, ${tiles} z17 tiles: median ${p(times, 0.5).toFixed(2)} ms, max ${Math.max(...times).toFixed(2)} ms`);
  }

  // 250,000 zoom-17 tiles: random walks (roads) around a few centres
  const random = seededRandom(250);
  const set = new Set<number>();
  while (set.size < 250_000) {
    let x = 70_000 + Math.floor(random() * 2000);
    let y = 45_000 + Math.floor(random() * 2000);
    for (let s = 0; s < 400 && set.size < 250_000; s++) {
      set.add(tileKey(x, y, 17));
      if (random() < 0.5) x += random() < 0.5 ? 1 : -1;
      else y += random() < 0.5 ? 1 : -1;
    }
  }
  const keys = [...set];
  const summary: number[] = [];
  let result = { square: 0, cluster: 0 };
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    result = { square: maxSquare(keys, 17).size, cluster: maxCluster(keys, 17) };
    summary.push(performance.now() - t0);
  }
  console.log(
    `summary over ${keys.length} z17 tiles (square ${result.square}, cluster ${result.cluster}): median ${p(summary, 0.5).toFixed(1)} ms, p99 ${p(summary, 0.99).toFixed(1)} ms`,
  );

  // the tile part of a backfill: a 1 h ride's track (3,600 points) × 10,000 activities, scaled down by `scale`
  const ride = (await parseActivityFile(readCorpusFile('fit/garmin_edge500_ride_3h31.fit'), 'ride.fit'))[0]!;
  const lat = ride.streams.lat!.slice(0, 3600);
  const lon = ride.streams.lon!.slice(0, 3600);
  const scale = 1000;
  const t0 = performance.now();
  for (let i = 0; i < scale; i++) explorerTiles(lat, lon);
  const ms = performance.now() - t0;
  console.log(
    `backfill tiles: ${scale} one-hour tracks in ${ms.toFixed(0)} ms → 10,000 activities ≈ ${((ms * 10) / 1000).toFixed(1)} s of tile CPU (reading streams and writing rows not included)`,
  );
}

void main();
