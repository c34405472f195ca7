import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseActivityFile } from '../../server/formats';
import { routePolyline } from '../../server/formats/route/route-polyline';
import { prepareActivity } from '../../server/services/ingestion/prepare-activity';

// Issue 32: simplification adds ≤ 3 % to the parse worker's CPU per upload. Per file: the CPU time
// of what a parse worker does (parse + prepareActivity, which now includes routePolyline), and of
// routePolyline alone on the same streams; median of RUNS after a warm-up, in this thread.
// Run: npx tsx bench/maps/simplify-cpu.ts

const corpus = process.env.CORPUS_DIR ?? resolve(process.cwd(), '../shared/corpus');
const FILES = ['fit/garmin_edge500_ride_3h31.fit', 'fit/garmin_fenix5x_ironman_multisport_14h.fit'];
const RUNS = Number(process.env.RUNS ?? 9);

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${RUNS} runs per figure, median`,
  );
  for (const file of FILES) {
    const bytes = readFileSync(resolve(corpus, file));
    const worker: number[] = [];
    const simplify: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      let t = cpuMs();
      const parsed = await parseActivityFile(bytes, file.split('/').pop()!);
      parsed.forEach(prepareActivity);
      const whole = cpuMs() - t;
      t = cpuMs();
      for (const a of parsed) if (a.streams.lat && a.streams.lon) routePolyline(a.streams.lat, a.streams.lon);
      const alone = cpuMs() - t;
      if (run === 0) continue; // warm-up
      worker.push(whole);
      simplify.push(alone);
    }
    const w = median(worker);
    const s = median(simplify);
    console.log(`${file}: parse worker ${w.toFixed(1)} ms CPU, of which routePolyline ${s.toFixed(2)} ms = ${((100 * s) / (w - s)).toFixed(2)} % added`);
  }
  console.log(`wall ${performance.now().toFixed(0)} ms`);
}

void main();
