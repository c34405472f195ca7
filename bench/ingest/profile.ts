import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startBenchServer } from '../lib/server';
import { inclusiveProfile, summarizeProfile } from '../reads/profile-summary';
import { BenchClient } from './client';
import { perUpload, serverCost } from './probe';

// Where the request thread's time goes while one client uploads a file back to back:
//   npx tsx bench/ingest/profile.ts [file relative to the corpus] [seconds, default 20]
// Starts the server on the embedded default from the existing build in BENCH_DIST_DIR (default
// .next-bench; build it with scripts/next-build.ts) under --cpu-prof, with server-probe.mjs
// preloaded, uploads sequentially for the given time, stops the server and summarises the main
// thread's profile: self time by origin and function, then inclusive time of our own functions.
// Worker threads (parse and prepare) have profiles of their own and are left out.

const rel = process.argv[2] ?? 'fit/garmin_edge500_ride_3h31.fit';
const SECONDS = Number(process.argv[3] ?? 20);
const PORT = Number(process.env.PORT ?? 3321);
const DIST_DIR = process.env.BENCH_DIST_DIR ?? '.next-bench';
const OUT = resolve(process.env.PROFILE_DIR ?? 'bench/output/ingest-profile');
const TOP = Number(process.env.TOP ?? 15);
const corpus = resolve(process.env.CORPUS_DIR ?? join(process.cwd(), '../shared/corpus'));
const ADMIN = { username: 'admin', password: 'Bench-Admin-Pass-1' };

/** CPU milliseconds of the server's main thread (Linux /proc: the thread whose id is the pid). */
function mainThreadCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  // utime and stime, fields 14 and 15 of the full line, in USER_HZ (100 a second)
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const microsNow = () => Number(process.hrtime.bigint() / 1000n);

/** The main thread's profile: --cpu-prof names files CPU.<date>.<time>.<pid>.<thread id>.<n>. */
function mainThreadProfile(dir: string): string | null {
  const files = readdirSync(dir).filter((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f));
  if (!files.length) return null;
  return join(
    dir,
    files.reduce((a, b) => (statSync(join(dir, a)).size >= statSync(join(dir, b)).size ? a : b)),
  );
}

async function main(): Promise<void> {
  rmSync(OUT, { recursive: true, force: true });
  const probeDir = join(OUT, 'probe');
  mkdirSync(probeDir, { recursive: true });
  process.env.PROBE_DIR = probeDir;
  // the build is what runs, whatever was edited since (npm start would rebuild otherwise)
  utimesSync(join(process.cwd(), DIST_DIR, 'BUILD_ID'), new Date(), new Date());
  const server = await startBenchServer(PORT, { RATE_LIMIT_ENABLED: 'false', STRIDE_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: '1', PROBE_DIR: probeDir }, [
    '--cpu-prof',
    `--cpu-prof-dir=${OUT}`,
    '--import',
    './bench/ingest/server-probe.mjs',
  ]);
  const bytes = readFileSync(join(corpus, rel));
  const times: number[] = [];
  let cost = '';
  let mainCpu = 0;
  // start-up (initdb, module loading) and shutdown are left out of the summaries
  const window = { fromUs: 0, toUs: 0 };
  try {
    const client = new BenchClient(server.url);
    const { apiKey } = await client.setup(ADMIN);
    for (let i = 0; i < 3; i++) await client.upload(apiKey, basename(rel), bytes); // warm-up
    const before = await serverCost();
    const threadBefore = mainThreadCpuMs(server.process.pid!);
    window.fromUs = microsNow();
    const started = performance.now();
    while (performance.now() - started < SECONDS * 1000) times.push((await client.upload(apiKey, basename(rel), bytes)).ms);
    window.toUs = microsNow();
    mainCpu = (mainThreadCpuMs(server.process.pid!) - threadBefore) / times.length;
    cost = perUpload(before, await serverCost(), times.length);
    // the subscribers of the last upload finish before the database closes
    await new Promise((r) => setTimeout(r, 1000));
  } finally {
    await server.stop();
  }
  times.sort((a, b) => a - b);
  const [cpuMs, loopMs] = cost.trim().split(/\s+/);
  console.log(
    `${rel}: ${times.length} sequential uploads in ${SECONDS} s, p50 ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms; ` +
      `server per upload: cpu ${cpuMs} ms (all threads), main thread cpu ${mainCpu.toFixed(1)} ms, event loop busy ${loopMs} ms`,
  );
  const file = mainThreadProfile(OUT);
  if (!file) throw new Error(`no main-thread profile in ${OUT}`);
  const self = summarizeProfile(file, TOP, window);
  console.log(
    `\nmain thread ${file}, the sequential phase: ${self.totalMs} ms sampled, ${self.idleMs} ms idle; ` +
      `busy per upload ${((self.totalMs - self.idleMs) / times.length).toFixed(1)} ms`,
  );
  console.table(self.byOrigin);
  console.table(self.top);
  const inclusive = inclusiveProfile(file, TOP, window);
  console.log(`\ninclusive time of our own functions (share of ${inclusive.busyMs} ms busy)`);
  console.table(inclusive.top);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
