// Preloaded into a benchmarked server (NODE_OPTIONS="--import ./bench/import/memory-probe.mjs",
// MEMORY_PROBE_DIR set): every 100 ms each thread (the request thread and each parse worker) writes
// the peak of each part of its memory so far (MB): its V8 heap (used and committed), buffers outside it,
// and, on the main thread, the process's RSS. bench/import/server.ts prints them after the import.
import { mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';

const dir = process.env.MEMORY_PROBE_DIR;
if (dir) {
  mkdirSync(dir, { recursive: true });
  const fd = openSync(join(dir, `${process.pid}-${threadId}.json`), 'w');
  const peaks = { rss: 0, heapUsed: 0, heapTotal: 0, external: 0, arrayBuffers: 0 };
  const mb = (bytes) => Math.round(bytes / 1024 / 1024);
  setInterval(() => {
    const usage = process.memoryUsage();
    for (const key of Object.keys(peaks)) peaks[key] = Math.max(peaks[key], mb(usage[key]));
    writeSync(fd, JSON.stringify({ threadId, ...peaks }).padEnd(160), 0);
  }, 100).unref();
}
