import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusArchive, repeatedArchive } from './build-archives';

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
const work = mkdtempSync(join(tmpdir(), 'stride-bench-import-'));
const cache = process.env.BENCH_CACHE_DIR ?? join(tmpdir(), 'stride-bench-import-cache');
mkdirSync(cache, { recursive: true });

/** The cached archive at `name`, built (under a temporary name, so a cut-short build is not kept) when absent. */
async function cached(name: string, build: (path: string) => Promise<unknown>): Promise<string> {
  const path = join(cache, name);
  if (!existsSync(path)) {
    await build(`${path}.partial`);
    renameSync(`${path}.partial`, path);
  }
  return path;
}

interface Phase {
  activities: number;
  files: number;
  seconds: number;
  maxRssMb: number;
  /** the largest sample of each part of memory (MB), taken every 100 ms */
  peaks: Record<string, number>;
}

// both phases run with the node flags of `npm run import` (package.json), so the measured process
// is tuned as the CLI is
const cli = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.import!;
const cliFlags = cli.split(/\s+/).filter((token) => /^--(?!import)/.test(token));

function phase(kind: 'import' | 'parse', archive: string): Phase {
  const heap = process.env.BENCH_HEAP_MB ? [`--max-old-space-size=${process.env.BENCH_HEAP_MB}`] : [];
  const result = spawnSync(process.execPath, [...cliFlags, ...heap, '--import', 'tsx', 'bench/import/phase.ts', kind, archive, work], {
    encoding: 'utf8',
    env: process.env,
    maxBuffer: 1 << 24,
  });
  if (result.status !== 0) throw new Error(`${kind} phase failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Phase;
}

function report(label: string, archive: string): void {
  // the machine is shared: BENCH_ROUNDS alternates the phases and keeps each one's fastest run
  const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
  const parses: Phase[] = [];
  const imports: Phase[] = [];
  for (let round = 0; round < rounds; round += 1) {
    parses.push(phase('parse', archive));
    imports.push(phase('import', archive));
  }
  const fastest = (runs: Phase[]) => runs.reduce((best, p) => (p.seconds < best.seconds ? p : best));
  const parse = fastest(parses);
  const imported = fastest(imports);
  const rate = (p: Phase) => p.activities / p.seconds;
  console.log(`\n${label}`);
  console.log(
    `  parse only : ${parse.activities} activities from ${parse.files} files in ${parse.seconds.toFixed(1)} s = ${rate(parse).toFixed(1)} activities/s, peak RSS ${parse.maxRssMb} MB`,
  );
  console.log(
    `  import     : ${imported.activities} activities from ${imported.files} files in ${imported.seconds.toFixed(1)} s = ${rate(imported).toFixed(1)} activities/s, peak RSS ${imported.maxRssMb} MB`,
  );
  console.log(`  import peaks (MB): ${JSON.stringify(imported.peaks)}`);
  console.log(`  import / parse throughput: ${((rate(imported) / rate(parse)) * 100).toFixed(0)} % (target ≥ 70 %)`);
}

console.log(`phase process flags (those of npm run import): ${cliFlags.join(' ') || 'none'}`);
try {
  if (which === 'corpus' || which === 'all') {
    const path = await cached('corpus-export.zip', corpusArchive);
    report('(a) corpus export (real 1,076-row manifest, accepted corpus files)', path);
  }
  if (which === '1gb' || which === 'all') {
    const path = await cached(`repeated-${targetMb}mb.zip`, (p) => repeatedArchive(p, targetMb * 1024 * 1024));
    report(`(b) ${(statSync(path).size / 1024 / 1024).toFixed(0)} MB archive (corpus repeated)`, path);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
