import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { threadCpu, threadCpuPerUpload } from '../lib/thread-cpu';
import { BenchClient } from './client';
import { mixedLoad } from './mixed-load';
import { perUpload, serverCost } from './probe';
import { sdkDecodeMedianMs } from './sdk-decode';

// The upload figures of issue-level targets, against one running server (run.ts, engines.ts):
// each file WARMUP times, then N times one after another (p50/p99), then with CONCURRENCY
// parallel clients (uploads/s), next to the Garmin FIT SDK's decode of the same bytes for FIT
// files; then reads p99 (GET /activities/{id}) quiet and while TRIATHLON is uploaded back to back.
// Warm-up is WARMUP uploads one after another, then WARMUP more CONCURRENCY at a time.
// With the server's pid (a server this process started), the sequential phase also gives each
// thread's CPU per upload (main thread, parse worker, the rest: V8's GC helpers, PGlite runs on
// the main thread), and the concurrent phase the bench's own CPU per upload, since its clients
// share the cores with the server.

export const FILES = [
  'fit/garmin_edge500_ride_3h31.fit',
  'fit/garmin_fenix5_walk_tiny.fit',
  'gpx/strava_export_run_hr_cad_temp.gpx',
  'tcx/garmin_fr305_run_23laps.tcx',
  'tcx/garmin_fr410_run_3laps.tcx.gz',
];

export interface IngestBenchOptions {
  perFile: number;
  concurrency: number;
  warmup: number;
  mixedSeconds: number;
  triathlon: string;
  corpus: string;
  admin: { username: string; password: string };
  /** the server's process (its threads are read from /proc); absent for a server started elsewhere */
  serverPid?: number;
  files?: string[];
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** `total` calls of `work`, `clients` at a time */
async function concurrently(clients: number, total: number, work: () => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next++ < total) await work();
    }),
  );
}

/** main thread, parse worker (the busiest other thread) and every other thread, ms per upload */
function threadSplit(rows: { id: string; ms: number }[]): string {
  const isMain = (id: string) => id.split('/')[0] === id.split('/')[1];
  const main = rows.filter((r) => isMain(r.id)).sort((a, b) => b.ms - a.ms)[0]?.ms ?? 0;
  const worker = rows.filter((r) => !isMain(r.id))[0]?.ms ?? 0;
  const all = rows.reduce((sum, r) => sum + r.ms, 0);
  return [main, worker, all - main - worker].map((ms) => ms.toFixed(1).padStart(8)).join('');
}

/** The options run.ts and engines.ts both read from their environment, with their defaults. */
export function ingestOptionsFromEnv(perFile: number, admin: IngestBenchOptions['admin']): IngestBenchOptions {
  return {
    perFile,
    concurrency: Number(process.env.CONCURRENCY ?? 4),
    warmup: Number(process.env.WARMUP ?? 15),
    mixedSeconds: Number(process.env.MIXED_SECONDS ?? 15),
    triathlon: process.env.TRIATHLON ?? 'fit/garmin_fenix5x_ironman_multisport_14h.fit',
    corpus: resolve(process.env.CORPUS_DIR ?? join(process.cwd(), '../shared/corpus')),
    admin,
  };
}

export async function measureIngest(serverUrl: string, o: IngestBenchOptions): Promise<void> {
  const client = new BenchClient(serverUrl);
  const { apiKey, token } = await client.setup(o.admin);
  const upload = (name: string, bytes: Buffer) => client.upload(apiKey, name, bytes);
  const threads = o.serverPid !== undefined;
  console.log(`server ${client.base}, ${o.perFile} uploads per file after ${o.warmup} warm-up, concurrency ${o.concurrency} for the throughput phase\n`);
  console.log(
    'file'.padEnd(42) +
      'bytes'.padStart(10) +
      'p50 ms'.padStart(9) +
      'p99 ms'.padStart(9) +
      'seq/s'.padStart(8) +
      'conc/s'.padStart(9) +
      'x seq'.padStart(7) +
      'sdk ms'.padStart(8) +
      'x sdk'.padStart(7) +
      (threads ? 'main ms'.padStart(8) + 'wrkr ms'.padStart(8) + 'rest ms'.padStart(8) : '') +
      'bench ms'.padStart(9) +
      (process.env.PROBE_DIR ? 'cpu ms'.padStart(8) + 'loop ms'.padStart(9) : ''),
  );
  for (const rel of o.files ?? FILES) {
    const bytes = readFileSync(join(o.corpus, rel));
    const name = basename(rel);
    // warm-up: the server's and the parse workers' JIT, as on a server that has run a while; the
    // concurrent half starts and warms every parse worker the throughput phase will use
    for (let i = 0; i < o.warmup; i++) await upload(name, bytes);
    await concurrently(o.concurrency, o.warmup, () => upload(name, bytes));
    const times: number[] = [];
    const costBefore = await serverCost();
    const threadsBefore = threads ? threadCpu(o.serverPid!) : null;
    const seqStart = performance.now();
    for (let i = 0; i < o.perFile; i++) times.push((await upload(name, bytes)).ms);
    const seqRate = o.perFile / ((performance.now() - seqStart) / 1000);
    const split = threadsBefore ? threadSplit(threadCpuPerUpload(threadsBefore, threadCpu(o.serverPid!), o.perFile)) : '';
    const cost = perUpload(costBefore, await serverCost(), o.perFile);
    const benchCpuBefore = cpuMs();
    const concStart = performance.now();
    await concurrently(o.concurrency, o.perFile, () => upload(name, bytes));
    const concRate = o.perFile / ((performance.now() - concStart) / 1000);
    const benchCpu = (cpuMs() - benchCpuBefore) / o.perFile;
    times.sort((a, b) => a - b);
    const sdkMs = rel.startsWith('fit/') ? sdkDecodeMedianMs(bytes, o.perFile, o.warmup) : null;
    console.log(
      rel.padEnd(42) +
        String(bytes.length).padStart(10) +
        pct(times, 50).toFixed(1).padStart(9) +
        pct(times, 99).toFixed(1).padStart(9) +
        seqRate.toFixed(1).padStart(8) +
        concRate.toFixed(1).padStart(9) +
        (concRate / seqRate).toFixed(2).padStart(7) +
        (sdkMs === null ? ' '.repeat(15) : sdkMs.toFixed(1).padStart(8) + (pct(times, 50) / sdkMs).toFixed(2).padStart(7)) +
        split +
        benchCpu.toFixed(1).padStart(9) +
        cost,
    );
  }
  const tri = readFileSync(join(o.corpus, o.triathlon));
  const { id } = await upload(basename(o.triathlon), tri);
  const mixed = await mixedLoad(`${client.base}/activities/${id}`, token, o.mixedSeconds, () => upload(basename(o.triathlon), tri));
  console.log(
    `\nreads p99 (GET /activities/{id}, 10 connections, ${o.mixedSeconds} s): quiet ${mixed.quietP99} ms, while ${o.triathlon} (${tri.length} bytes) is uploaded back to back ` +
      `${mixed.loadedP99} ms (${(mixed.loadedP99 / mixed.quietP99).toFixed(2)}×; ${mixed.uploads} uploads, ${mixed.reads} reads meanwhile)`,
  );
}
