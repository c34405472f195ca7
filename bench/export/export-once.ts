import { stat } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';

// The measured half of bench/export/run.ts: one export through the CLI's code path, then this
// process's peak RSS (getrusage maxrss: the whole process, PGlite included).
const [username, out] = process.argv.slice(2);
const before = process.memoryUsage().rss;
const t0 = performance.now();
const { database } = await import('../../server/runtime');
await database();
const opened = process.memoryUsage().rss;
process.argv = [process.argv[0]!, 'export-account.ts', '--user', username!, out!];
await import('../../scripts/export-account');
const size = (await stat(out!)).size;
const peak = process.resourceUsage().maxRSS * 1024;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
console.log(`export: ${((performance.now() - t0) / 1000).toFixed(1)} s, archive ${mb(size)}`);
console.log(`RSS: at start ${mb(before)}, database open ${mb(opened)}, peak ${mb(peak)} (target < 300 MB)`);
