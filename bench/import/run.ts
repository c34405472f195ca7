import { statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { cachedArchive } from './cached-archive';
import { cliEnv, cliFlags, runPhase as phase, type Phase } from './phase-process';

// Archive import throughput against the parser alone, and peak memory:
//   npx tsx bench/import/run.ts [corpus|1gb|all] [target MB for the big archive, default 1000]
//   (BENCH_ROUNDS=n: n alternating runs of each phase, the fastest of each reported)
// The archives are built once and kept in BENCH_CACHE_DIR (default <tmp>/stride-bench-import-cache):
// writing a 1 GB zip costs minutes, and a rerun measures the same bytes.
// Each phase runs in its own process (bench/import/phase.ts) so its peak RSS is its own: "import"
// runs the real archive_import job through the embedded runner on PGlite in a temporary data
// directory (BENCH_DATABASE_URL: PostgreSQL instead); "parse" reads the same archive's activity
// files and times parseActivityFile alone. Both use one worker (the job imports files in order).
// Target: import ≥ 70 % of parse-only activities/s; peak RSS ≤ 512 MB for the 1 GB archive.
// BENCH_HEAP_MB caps V8's old space in both phases (as NODE_OPTIONS would on a server): without
// a cap V8 lets garbage from parsing pile up to well past the working set before collecting.

const which = process.argv[2] ?? 'all';
const targetMb = Number(process.argv[3] ?? 1000);
/** BENCH_PARSE=0: the import phase alone (memory work; the ratio needs both) */
const withParse = process.env.BENCH_PARSE !== '0';

function report(label: string, archive: string): void {
  // the machine is shared: BENCH_ROUNDS alternates the phases and keeps each one's fastest run
  const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
  const parses: Phase[] = [];
  const imports: Phase[] = [];
  for (let round = 0; round < rounds; round += 1) {
    if (withParse) parses.push(phase('parse', archive));
    imports.push(phase('import', archive));
  }
  const fastest = (runs: Phase[]) => runs.reduce((best, p) => (p.seconds < best.seconds ? p : best));
  const parse = withParse ? fastest(parses) : null;
  const imported = fastest(imports);
  const rate = (p: Phase) => p.activities / p.seconds;
  console.log(`\n${label}`);
  if (parse)
    console.log(
      `  parse only : ${parse.activities} activities from ${parse.files} files in ${parse.seconds.toFixed(1)} s = ${rate(parse).toFixed(1)} activities/s, peak RSS ${parse.maxRssMb} MB`,
    );
  console.log(
    `  import     : ${imported.activities} activities from ${imported.files} files in ${imported.seconds.toFixed(1)} s = ${rate(imported).toFixed(1)} activities/s, peak RSS ${imported.maxRssMb} MB`,
  );
  console.log(`  import peaks (MB): ${JSON.stringify(imported.peaks)}`);
  if (parse) console.log(`  import / parse throughput: ${((rate(imported) / rate(parse)) * 100).toFixed(0)} % (target ≥ 70 %)`);
}

console.log(`phase process flags and environment (those of npm run import): ${cliFlags.join(' ') || 'none'} ${JSON.stringify(cliEnv)}`);
if (which === 'corpus' || which === 'all')
  report('(a) corpus export (real 1,076-row manifest, accepted corpus files)', await cachedArchive('corpus', targetMb));
if (which === '1gb' || which === 'all') {
  const path = await cachedArchive('1gb', targetMb);
  report(`(b) ${(statSync(path).size / 1024 / 1024).toFixed(0)} MB archive (corpus repeated)`, path);
}
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, ${new Date().toISOString()}`,
);
