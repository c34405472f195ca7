// Preloaded into the benchmarked server (NODE_OPTIONS="--import ./bench/ingest/server-probe.mjs",
// PROBE_DIR set): every 100 ms each process writes its CPU time (all threads, so the parse
// workers too) and its event loop's busy time. run.ts reads them around each phase, which gives
// per-upload costs that depend less on what else loads the machine than wall-clock figures do.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const dir = process.env.PROBE_DIR;
if (dir && isMainThread) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${process.pid}.json`);
  const write = () => {
    const cpu = process.cpuUsage();
    // renamed into place, so the bench never reads a half-written file
    writeFileSync(`${file}.tmp`, JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000, loopBusyMs: performance.eventLoopUtilization().active }));
    renameSync(`${file}.tmp`, file);
  };
  setInterval(write, 100).unref();
}
