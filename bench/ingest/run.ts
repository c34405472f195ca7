import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BenchClient } from './client';
import { mixedLoad } from './mixed-load';
import { perUpload, serverCost } from './probe';
import { sdkDecodeMedianMs } from './sdk-decode';

// End-to-end upload of corpus files against a running server (the embedded PGlite default):
//   npx tsx bench/ingest/run.ts http://127.0.0.1:3101 [uploads per file, default 40]
// Start that server with RATE_LIMIT_ENABLED=false (the UPLOAD tier allows 20 a minute per key)
// and TRUSTED_PROXIES=127.0.0.1,::1 (logins vary X-Forwarded-For: 3 a minute per address).
// It signs in as the admin (ADMIN_USERNAME / ADMIN_PASSWORD), creates a user and an API key, and
// uploads each file WARMUP times (default 15), then N times one after another (p50/p99 per file), then with CONCURRENCY parallel
// clients (uploads/s), next to the Garmin FIT SDK's decode of the same bytes for FIT files. Then
// reads p99 (GET /activities/{id}) quiet and while TRIATHLON is uploaded back to back, for
// MIXED_SECONDS each. Repeated files are stored hidden as duplicates, which is fine here.
// With PROBE_DIR set here and for the server (see server-probe.mjs), the sequential phase also
// gives the server's CPU and event-loop busy milliseconds per upload (cpu ms, loop ms).

const perFile = Number(process.argv[3] ?? 40);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const TRIATHLON = process.env.TRIATHLON ?? 'fit/garmin_fenix5x_ironman_multisport_14h.fit';
const MIXED_SECONDS = Number(process.env.MIXED_SECONDS ?? 15);
/** uploads of each file before its timed ones (and SDK decodes before the timed decodes) */
const WARMUP = Number(process.env.WARMUP ?? 15);
const corpus = resolve(process.env.CORPUS_DIR ?? join(process.cwd(), '../shared/corpus'));
const FILES = [
  'fit/garmin_edge500_ride_3h31.fit',
  'fit/garmin_fenix5_walk_tiny.fit',
  'gpx/strava_export_run_hr_cad_temp.gpx',
  'tcx/garmin_fr305_run_23laps.tcx',
  'tcx/garmin_fr410_run_3laps.tcx.gz',
];

const client = new BenchClient(process.argv[2] ?? 'http://127.0.0.1:3100');
const upload = (apiKey: string, name: string, bytes: Buffer) => client.upload(apiKey, name, bytes);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main(): Promise<void> {
  const { apiKey, token } = await client.setup({
    username: process.env.ADMIN_USERNAME ?? 'admin',
    password: process.env.ADMIN_PASSWORD ?? 'Adm1n-Conformance-Pass!',
  });
  console.log(`server ${client.base}, ${perFile} uploads per file, concurrency ${CONCURRENCY} for the throughput phase\n`);
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
      (process.env.PROBE_DIR ? 'cpu ms'.padStart(8) + 'loop ms'.padStart(9) : ''),
  );
  for (const rel of FILES) {
    const bytes = readFileSync(join(corpus, rel));
    const name = basename(rel);
    // warm-up: the server's and the parse worker's JIT, as on a server that has run a while
    for (let i = 0; i < WARMUP; i++) await upload(apiKey, name, bytes);
    const times: number[] = [];
    const costBefore = await serverCost();
    const seqStart = performance.now();
    for (let i = 0; i < perFile; i++) times.push((await upload(apiKey, name, bytes)).ms);
    const seqRate = perFile / ((performance.now() - seqStart) / 1000);
    const cost = perUpload(costBefore, await serverCost(), perFile);
    let next = 0;
    const concStart = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < perFile) await upload(apiKey, name, bytes);
      }),
    );
    const concRate = perFile / ((performance.now() - concStart) / 1000);
    times.sort((a, b) => a - b);
    const sdkMs = rel.startsWith('fit/') ? sdkDecodeMedianMs(bytes, perFile, WARMUP) : null;
    console.log(
      rel.padEnd(42) +
        String(bytes.length).padStart(10) +
        pct(times, 50).toFixed(1).padStart(9) +
        pct(times, 99).toFixed(1).padStart(9) +
        seqRate.toFixed(1).padStart(8) +
        concRate.toFixed(1).padStart(9) +
        (concRate / seqRate).toFixed(2).padStart(7) +
        (sdkMs === null ? ' '.repeat(15) : sdkMs.toFixed(1).padStart(8) + (pct(times, 50) / sdkMs).toFixed(2).padStart(7)) +
        cost,
    );
  }
  const tri = readFileSync(join(corpus, TRIATHLON));
  const { id } = await upload(apiKey, basename(TRIATHLON), tri);
  const mixed = await mixedLoad(`${client.base}/activities/${id}`, token, MIXED_SECONDS, () => upload(apiKey, basename(TRIATHLON), tri));
  console.log(
    `\nreads p99 (GET /activities/{id}, 10 connections, ${MIXED_SECONDS} s): quiet ${mixed.quietP99} ms, while ${TRIATHLON} (${tri.length} bytes) is uploaded back to back ` +
      `${mixed.loadedP99} ms (${(mixed.loadedP99 / mixed.quietP99).toFixed(2)}×; ${mixed.uploads} uploads, ${mixed.reads} reads meanwhile)`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
