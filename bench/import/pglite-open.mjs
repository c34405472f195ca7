// What opening PGlite costs a bare Node process, under the node flags given (V8's WASM tiers):
//   node [flags] bench/import/pglite-open.mjs <data dir>     (a new directory is created first)
// e.g. `node --no-liftoff …`, `node --liftoff-only …`. Prints RSS before and after opening, after
// 50 catalogue queries, the peak (VmHWM), the time to open and the process's CPU.
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node [flags] bench/import/pglite-open.mjs <data dir>');
const rssMb = () => Math.round(process.memoryUsage().rss / 1048576);
const before = rssMb();
const started = performance.now();
const pg = await PGlite.create({ dataDir: dir, startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] });
await pg.query('select 1');
const opened = rssMb();
const openMs = Math.round(performance.now() - started);
const queriesStarted = performance.now();
for (let i = 0; i < 50; i++) await pg.query('select count(*) from pg_class c, pg_attribute a where a.attrelid = c.oid');
const hwmKb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]);
console.log(
  JSON.stringify({
    flags: process.execArgv.join(' '),
    rssBeforeMb: before,
    rssOpenedMb: opened,
    rssAfterQueriesMb: rssMb(),
    peakMb: Math.round(hwmKb / 1024),
    openMs,
    queriesMs: Math.round(performance.now() - queriesStarted),
    cpuMs: Math.round(process.cpuUsage().user / 1000),
  }),
);
await pg.close();
