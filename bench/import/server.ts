import { mkdtempSync, openAsBlob, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BenchClient } from '../ingest/client';
import { startBenchServer } from '../lib/server';
import { cachedArchive } from './cached-archive';
import { runPhase } from './phase-process';

// Archive import as a user starts it: `npm start` on the embedded default, the archive POSTed as
// a multipart upload to /strava/import/archive, the job polled to its end; beside it the parse-only
// phase of bench/import (same archive, its own process) for the throughput ratio:
//   npx tsx bench/import/server.ts [corpus|1gb] [target MB, default 1000]
// (PORT: the server's port, default 3661; BENCH_PARSE=0 skips the parse-only phase;
// STRIDE_DIST_DIR: the build folder, default .next-bench.) Whatever MALLOC_ARENA_MAX or
// NODE_OPTIONS this process has, the server inherits: run it without them to measure what a user gets.
// Memory is read from /proc every 200 ms for each process of the server's group (npm, tsx, the
// server); the server's own peak (VmHWM) is printed at the end, once for the upload and once for the import.
// Target: import ≥ 70 % of parse-only activities/s; the server's peak RSS ≤ 512 MB.

const which = process.argv[2] === 'corpus' ? 'corpus' : '1gb';
const targetMb = Number(process.argv[3] ?? 1000);
const port = Number(process.env.PORT ?? 3661);
const MB = 1024 * 1024;

/** Resident and peak resident MB of each process in the group `pgid`, by pid. */
function groupMemory(pgid: number): Map<number, { name: string; rssMb: number; hwmMb: number }> {
  const out = new Map<number, { name: string; rssMb: number; hwmMb: number }>();
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.replace(/^.*\) /, '').split(' ')[2]) !== pgid) continue;
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
      const name = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).slice(-2).join(' ');
      out.set(Number(pid), { name, rssMb: Math.round(kb('VmRSS') / 1024), hwmMb: Math.round(kb('VmHWM') / 1024) });
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

const archive = await cachedArchive(which, targetMb);
const archiveMb = statSync(archive).size / MB;
console.log(
  `archive ${basename(archive)} (${archiveMb.toFixed(0)} MB); MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? 'unset'} NODE_OPTIONS=${process.env.NODE_OPTIONS ?? 'unset'}`,
);

const parse = process.env.BENCH_PARSE === '0' ? null : runPhase('parse', archive);
if (parse) {
  console.log(
    `  parse only : ${parse.activities} activities in ${parse.seconds.toFixed(1)} s = ${(parse.activities / parse.seconds).toFixed(1)}/s (peak RSS ${parse.maxRssMb} MB)`,
  );
}

// BENCH_PROBE=1: each thread of the server writes the peaks of its V8 heap and buffers (memory-probe.mjs)
const probeDir = process.env.BENCH_PROBE === '1' ? mkdtempSync(join(tmpdir(), 'stride-memory-probe-')) : null;
const probeEnv: Record<string, string> = probeDir
  ? { MEMORY_PROBE_DIR: probeDir, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${resolve('bench/import/memory-probe.mjs')}`.trim() }
  : {};
// BENCH_NODE_FLAGS: flags added to npm start's node (an experiment; the server then runs under a node
// of this process, with npm start's other flags and environment)
const nodeFlags = process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
const server = await startBenchServer(
  port,
  { STRIDE_DIST_DIR: process.env.STRIDE_DIST_DIR ?? '.next-bench', RATE_LIMIT_ENABLED: 'false', ...probeEnv },
  nodeFlags,
);
const pgid = server.process.pid!;
let stage: 'idle' | 'upload' | 'import' = 'idle';
const peaks = { idle: 0, upload: 0, import: 0 };
let serverPid = 0;
const sample = () => {
  const memory = groupMemory(pgid);
  // the server is the group's largest process (npm and tsx's launcher stay small)
  const largest = [...memory.entries()].reduce<[number, { rssMb: number }] | null>((best, e) => (!best || e[1].rssMb > best[1].rssMb ? e : best), null);
  if (!largest) return memory;
  serverPid = largest[0];
  peaks[stage] = Math.max(peaks[stage], largest[1].rssMb);
  return memory;
};
const sampler = setInterval(sample, 200);
try {
  const client = new BenchClient(server.url);
  const { token } = await client.setup({ username: 'admin', password: 'Bench-Admin-Pass-1' });
  const auth = { Authorization: `Bearer ${token}`, 'X-Client-Type': 'mobile' };
  const form = new FormData();
  form.append('file', await openAsBlob(archive), basename(archive));
  stage = 'upload';
  const uploadStart = performance.now();
  const posted = await client.call('/strava/import/archive', { method: 'POST', headers: auth, body: form });
  if (posted.status !== 202) throw new Error(`POST /strava/import/archive: ${posted.status} ${JSON.stringify(posted.body)}`);
  const uploadSeconds = (performance.now() - uploadStart) / 1000;
  const uploadHwm = groupMemory(pgid).get(serverPid)?.hwmMb ?? 0;
  stage = 'import';
  const importStart = performance.now();
  const jobId = (posted.body as { job_id: string | number }).job_id;
  let job: { status: string; progress: { total: number; done: number; created: number; failed: number } } | undefined;
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    // a poll that gets no answer (seen once on a machine under a load of 15) is given up and tried again
    const polled = await client
      .call(`/activities/ingestion-jobs/${jobId}`, { method: 'GET', headers: auth, signal: AbortSignal.timeout(30_000) })
      .catch(() => null);
    if (!polled) continue;
    job = polled.body as typeof job;
    if (job?.status === 'succeeded' || job?.status === 'failed') break;
  }
  const seconds = (performance.now() - importStart) / 1000;
  const memory = sample();
  const rate = job.progress.created / seconds;
  console.log(
    `  upload     : ${archiveMb.toFixed(0)} MB in ${uploadSeconds.toFixed(1)} s, server peak RSS ${peaks.upload} MB (VmHWM ${uploadHwm} MB; idle ${peaks.idle} MB)`,
  );
  console.log(
    `  import     : job ${job.status}, ${job.progress.created} created, ${job.progress.failed} failed of ${job.progress.total} in ${seconds.toFixed(1)} s = ${rate.toFixed(1)}/s, server peak RSS ${peaks.import} MB (sampled)`,
  );
  const environ = (pid: number) => readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  console.log(
    `    server: MALLOC_ARENA_MAX=${
      environ(serverPid)
        .find((v) => v.startsWith('MALLOC_ARENA_MAX='))
        ?.slice(17) ?? 'unset'
    }`,
  );
  for (const [pid, m] of memory) console.log(`    pid ${pid}${pid === serverPid ? ' (server)' : ''}: VmHWM ${m.hwmMb} MB, now ${m.rssMb} MB — ${m.name}`);
  for (const file of probeDir ? readdirSync(probeDir) : []) console.log(`    thread peaks (MB) ${file}: ${readFileSync(join(probeDir!, file), 'utf8').trim()}`);
  if (parse) console.log(`  import / parse throughput: ${((rate / (parse.activities / parse.seconds)) * 100).toFixed(0)} % (target ≥ 70 %)`);
  console.log(
    `  load average ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ${new Date().toISOString()}`,
  );
} finally {
  clearInterval(sampler);
  // the data directory holds a copy of every imported file: not kept past the run
  let dataDir: string | undefined;
  try {
    dataDir = readFileSync(`/proc/${serverPid}/environ`, 'utf8')
      .split('\0')
      .find((v) => v.startsWith('DATA_DIR='))
      ?.slice(9);
  } catch {
    // the server is gone already
  }
  await server.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (probeDir) rmSync(probeDir, { recursive: true, force: true });
}
