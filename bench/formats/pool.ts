/**
 * Parse worker pool benchmark: `npx tsx bench/formats/pool.ts`.
 *
 * For a few corpus files of different sizes: the median time of one parse in-process
 * (parseActivityFile) and through the pool (parseActivityFileOffThread: transfer to a worker,
 * parse, structured clone of the result back), then the wall time of 8 files at once both ways,
 * and the longest event-loop stall seen meanwhile (what every other request waits). CORPUS_DIR
 * overrides ../shared/corpus; PARSE_THREADS sets the pool size.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setEnvForTests } from '../../server/env';
import { parseActivityFile } from '../../server/formats/index';
import { parseActivityFileOffThread } from '../../server/services/ingestion/parse-off-thread';
import { closeWorkerPool } from '../../server/workers/pool';

const CORPUS_DIR = process.env.CORPUS_DIR ?? path.resolve(process.cwd(), '../shared/corpus');
const FILES = [
  'fit/garmin_edge800_indoor_trainer.fit',
  'gpx/movescount_run_mixed_extensions.gpx',
  'fit/garmin_edge500_ride_3h31.fit',
  'tcx/garmin_edge705_ride_power_large.tcx',
];
const RUNS = 7;
const CONCURRENT = 8;

const mid = (times: number[]) => times.slice().sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
const read = (file: string) => fs.readFileSync(path.join(CORPUS_DIR, file));

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** Wall time of `fn` and the longest gap between ticks of a 5 ms timer meanwhile, in ms. */
async function withLoopDelay(fn: () => Promise<unknown>): Promise<{ wallMs: number; loopMaxMs: number }> {
  let last = performance.now();
  let loopMaxMs = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    loopMaxMs = Math.max(loopMaxMs, now - last);
    last = now;
  }, 5);
  await new Promise((resolve) => setTimeout(resolve, 20));
  const wallMs = await timed(fn);
  // one more tick, so a loop blocked until now is recorded
  await new Promise((resolve) => setTimeout(resolve, 20));
  clearInterval(probe);
  return { wallMs, loopMaxMs };
}

async function main(): Promise<void> {
  const config = setEnvForTests({ SECRET_KEY: 'bench-secret-key-0123456789abcdef-0123' });
  await parseActivityFileOffThread(read(FILES[0]!), path.basename(FILES[0]!)); // start the warm worker
  const rows = [];
  for (const file of FILES) {
    const name = path.basename(file);
    const inProcess: number[] = [];
    const pooled: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      inProcess.push(await timed(() => parseActivityFile(read(file), name)));
      pooled.push(await timed(() => parseActivityFileOffThread(read(file), name)));
    }
    rows.push({ file, kB: Math.round(read(file).length / 1024), in_process_ms: Math.round(mid(inProcess)), pool_ms: Math.round(mid(pooled)) });
  }
  console.log(`One parse, median of ${RUNS} (pool of ${config.PARSE_THREADS} thread(s)):`);
  console.table(rows);

  const big = FILES[2]!;
  const many = () => Array.from({ length: CONCURRENT }, () => read(big));
  const serial = await withLoopDelay(() => Promise.all(many().map((b) => parseActivityFile(b, 'ride.fit'))));
  const offThread = await withLoopDelay(() => Promise.all(many().map((b) => parseActivityFileOffThread(b, 'ride.fit'))));
  console.log(`${CONCURRENT} × ${big} at once:`);
  console.table([
    { how: 'in-process', wall_ms: Math.round(serial.wallMs), event_loop_max_stall_ms: Math.round(serial.loopMaxMs) },
    { how: 'worker pool', wall_ms: Math.round(offThread.wallMs), event_loop_max_stall_ms: Math.round(offThread.loopMaxMs) },
  ]);
  await closeWorkerPool();
}

void main();
