import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startBenchServer } from '../lib/server';
import { threadCpu, threadCpuPerUpload } from '../lib/thread-cpu';
import { BenchClient } from './client';

// Where an upload's CPU goes, thread by thread, and what that allows 4 clients on this machine:
//   npx tsx bench/ingest/thread-cpu.ts [file relative to the corpus] [seconds per phase, default 15]
// Starts `npm start` from the build in BENCH_DIST_DIR (default .next-bench) on the embedded
// default, uploads WARMUP times (default 15), then one client back to back for the given time,
// reading every thread's CPU time from /proc before and after; then 4 clients for the same time.
// All threads of the server are named "node": the main thread is the one whose id is the
// process's, the parse worker is the busiest of the rest, and V8's platform threads (parallel
// and concurrent GC for every isolate) are the few started right after the main thread.
// Sequential wall time over CPU per upload bounds what 4 clients can gain on N cores: at most
// N × wall / cpu; and with one parse worker, at most wall / the worker's CPU.

const rel = process.argv[2] ?? 'fit/garmin_edge500_ride_3h31.fit';
const SECONDS = Number(process.argv[3] ?? 15);
const WARMUP = Number(process.env.WARMUP ?? 15);
const PORT = Number(process.env.PORT ?? 3331);
const corpus = resolve(process.env.CORPUS_DIR ?? join(process.cwd(), '../shared/corpus'));

async function main(): Promise<void> {
  const server = await startBenchServer(PORT, { RATE_LIMIT_ENABLED: 'false', STRIDE_DIST_DIR: process.env.BENCH_DIST_DIR ?? '.next-bench' });
  try {
    const bytes = readFileSync(join(corpus, rel));
    const client = new BenchClient(server.url);
    const { apiKey } = await client.setup({ username: 'admin', password: 'Bench-Admin-Pass-1' });
    const upload = () => client.upload(apiKey, basename(rel), bytes);
    for (let i = 0; i < WARMUP; i++) await upload();

    const before = threadCpu(server.process.pid!);
    const times: number[] = [];
    const started = performance.now();
    while (performance.now() - started < SECONDS * 1000) times.push((await upload()).ms);
    const after = threadCpu(server.process.pid!);
    const sequential = times.length / ((performance.now() - started) / 1000);

    let uploads = 0;
    const concStarted = performance.now();
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (performance.now() - concStarted < SECONDS * 1000) {
          await upload();
          uploads++;
        }
      }),
    );
    const concurrent = uploads / ((performance.now() - concStarted) / 1000);

    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)]!;
    const rows = threadCpuPerUpload(before, after, times.length);
    const total = rows.reduce((sum, row) => sum + row.ms, 0);
    console.log(`${rel}: ${times.length} sequential uploads after ${WARMUP} warm-up, p50 ${p50.toFixed(1)} ms`);
    for (const { id, ms } of rows) {
      const [pid, tid] = id.split('/');
      console.log(`  ${(pid === tid ? `main thread of ${pid}` : `thread ${tid} of ${pid}`).padEnd(30)} ${ms.toFixed(1).padStart(6)} ms CPU per upload`);
    }
    console.log(`  ${'all threads'.padEnd(30)} ${total.toFixed(1).padStart(6)} ms CPU per upload (${(total / p50).toFixed(2)} cores at p50)`);
    console.log(
      `sequential ${sequential.toFixed(1)}/s, 4 clients ${concurrent.toFixed(1)}/s: ${(concurrent / sequential).toFixed(2)}×; ` +
        `bounds: ${(availableParallelism() * (p50 / total)).toFixed(2)}× from all threads' CPU on ${availableParallelism()} cores, ` +
        `${(p50 / rows[0]!.ms).toFixed(2)}× from the busiest thread alone (one parse worker: PARSE_THREADS)`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
