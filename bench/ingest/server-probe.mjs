// Preloaded into the benchmarked server (NODE_OPTIONS="--import ./bench/ingest/server-probe.mjs",
// PROBE_DIR set): every 100 ms each process writes its CPU time (all threads, so the parse
// workers too) and its event loop's busy time. run.ts reads them around each phase, which gives
// per-upload costs that depend less on what else loads the machine than wall-clock figures do.
import { mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

// One fixed-width record rewritten in place: the former write-and-rename cost the server's event
// loop about 4 ms every 100 ms on this machine's file system (bench/ingest/profile.ts), which the
// loop figures then counted as the server's own. The reader retries a record it catches half-written.
const WIDTH = 120;

const dir = process.env.PROBE_DIR;
if (dir && isMainThread) {
  mkdirSync(dir, { recursive: true });
  const fd = openSync(join(dir, `${process.pid}.json`), 'w');
  const write = () => {
    const cpu = process.cpuUsage();
    const record = JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000, loopBusyMs: performance.eventLoopUtilization().active });
    writeSync(fd, record.padEnd(WIDTH), 0);
  };
  setInterval(write, 100).unref();
}
