import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseActivityFile } from '@/server/formats';
import { activityEfforts } from '@/server/formats/metrics/activity-efforts';
import { prepareActivity } from '@/server/services/ingestion/prepare-activity';

// What best efforts and the power curve add to the parse worker's CPU (CONTRACT: Beyond the spec … Best efforts and records: ≤ 5 %):
//   npx tsx bench/progress/efforts-cpu.ts [rounds, default 20]
// For each file, the worker's whole task (parseActivityFile + prepareActivity, which now includes
// the efforts) and activityEfforts alone on the same streams, each the median of the rounds after
// warm-up, on one thread; the share is efforts / whole task.

const ROUNDS = Number(process.argv[2] ?? 20);
const CORPUS = process.env.CORPUS_DIR ?? join(process.cwd(), '../shared/corpus');
const FILES = ['fit/garmin_edge500_ride_3h31.fit', 'fit/garmin_fenix5x_ironman_multisport_14h.fit'];

const cpuMs = () => process.cpuUsage().user / 1000 + process.cpuUsage().system / 1000;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const rows = [];
for (const file of FILES) {
  const bytes = readFileSync(join(CORPUS, file));
  const whole: number[] = [];
  const efforts: number[] = [];
  for (let round = 0; round < ROUNDS + 3; round++) {
    const start = cpuMs();
    const parsed = await parseActivityFile(bytes, file);
    const prepared = parsed.map(prepareActivity);
    const taskMs = cpuMs() - start;
    const effortsStart = cpuMs();
    for (const a of parsed) activityEfforts(a.activityType, { ...a.streams, heartRate: a.streams.heart_rate });
    const effortsMs = cpuMs() - effortsStart;
    if (round >= 3) {
      whole.push(taskMs);
      efforts.push(effortsMs);
    }
    if (!prepared.length) throw new Error(`${file}: nothing parsed`);
  }
  rows.push({
    file,
    'worker task ms': +median(whole).toFixed(1),
    'efforts ms': +median(efforts).toFixed(2),
    share: `${((100 * median(efforts)) / median(whole)).toFixed(1)} %`,
  });
}
const { execSync } = await import('node:child_process');
console.log(`uptime: ${execSync('uptime').toString().trim()}`);
console.table(rows);
