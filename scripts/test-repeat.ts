import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

// `npm run test:repeat -- <test file> [runs=20] [vitest options]`: runs one test file N times in a
// row against PostgreSQL and Redis (as `.ci/run` does), and reports every failure; `-t postgres`
// keeps a file's PostgreSQL variants only. A test that waits on the
// wrong thing passes most runs; this is how a kill, replay or lease test shows it is stable. Each
// run's counts come from vitest's JSON report, so a file whose PostgreSQL tests were skipped shows
// it; the load average beside each run shows what else the machine was doing.

const CI_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const CI_REDIS_URL = 'redis://127.0.0.1:6379';

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: { assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

const [file, runsArg = '20', ...vitestOptions] = process.argv.slice(2);
const runs = Number(runsArg);
if (!file || !Number.isInteger(runs) || runs < 1) {
  console.error('usage: npm run test:repeat -- <test file> [runs=20] [vitest options, e.g. -t postgres]');
  process.exit(2);
}
const environment = {
  ...process.env,
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || CI_DATABASE_URL,
  TEST_REDIS_URL: process.env.TEST_REDIS_URL || CI_REDIS_URL,
};
const reports = mkdtempSync(join(tmpdir(), 'stride-repeat-'));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(
  `${file} ${vitestOptions.join(' ')}: ${runs} runs against ${environment.TEST_DATABASE_URL} and ${environment.TEST_REDIS_URL}; reports in ${reports}`,
);

const failures: string[] = [];
for (let run = 1; run <= runs; run += 1) {
  const report = join(reports, `run-${run}.json`);
  const started = Date.now();
  const vitest = spawnSync(
    process.execPath,
    [join('node_modules', 'vitest', 'vitest.mjs'), 'run', file, '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`, ...vitestOptions],
    { env: environment, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  let result: VitestReport | undefined;
  try {
    result = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
  } catch {
    result = undefined;
  }
  const counts = result ? `${result.numPassedTests} passed, ${result.numFailedTests} failed, ${result.numPendingTests} skipped` : 'no report';
  const failed = vitest.status !== 0 || !result || result.numFailedTests > 0;
  console.log(`run ${String(run).padStart(2)}/${runs}: ${failed ? 'FAIL' : 'ok  '} ${counts} in ${seconds} s (load average ${load()})`);
  if (!failed) continue;
  failures.push(`run ${run}`);
  const failedTests = result?.testResults.flatMap((r) => r.assertionResults.filter((a) => a.status === 'failed')) ?? [];
  for (const test of failedTests) console.log(`  ✗ ${test.fullName}\n    ${test.failureMessages.join('\n').split('\n').slice(0, 6).join('\n    ')}`);
  if (failedTests.length === 0) console.log(`${vitest.stdout}\n${vitest.stderr}`.trim().split('\n').slice(-30).join('\n'));
}
console.log(`${file}: ${runs - failures.length}/${runs} runs passed${failures.length ? `; failed: ${failures.join(', ')}` : ''}`);
process.exit(failures.length === 0 ? 0 : 1);
