import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { users } from '../../db/schema';
import { setEnvForTests } from '../../server/env';
import { settleEvents, publishActivityCreated } from '../../server/events/activity-created';
import { activityCreatedSubscribers } from '../../server/services/ingestion/activity-created-subscribers';
import { parseActivityFile } from '../../server/formats';
import { insertParsedActivities } from '../../server/services/ingestion/insert-parsed-activities';
import { prepareActivity } from '../../server/services/ingestion/prepare-activity';

// Where an upload's time goes, in-process on PGlite (no HTTP): parse (server/formats) and prepare
// (rounding, stream encoding, zones and thumbnail figures), both in a pool worker on the server;
// then on the request thread store (one transaction: activity, laps, streams) and the
// activity.created subscribers (after the answer). Each figure is wall time, then CPU time.
//   npx tsx bench/ingest/stages.ts [file relative to the corpus] [runs]

const corpus = resolve(process.env.CORPUS_DIR ?? join(process.cwd(), '../shared/corpus'));
const rel = process.argv[2] ?? 'fit/garmin_edge500_ride_3h31.fit';
const runs = Number(process.argv[3] ?? 20);
setEnvForTests({ SECRET_KEY: 'x'.repeat(32), DATA_DIR: mkdtempSync(join(tmpdir(), 'stride-stages-')) });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const database = await openDatabase({ pgliteDir: 'memory://' });
await runMigrations(database);
const [user] = await database.db.insert(users).values({ username: 'stages', maxHeartRate: 190 }).returning();
const bytes = readFileSync(join(corpus, rel));
type Stage = 'parse' | 'prepare' | 'store' | 'subscribers';
const times: Record<Stage, number[]> = { parse: [], prepare: [], store: [], subscribers: [] };
const cpu: Record<Stage, number[]> = { parse: [], prepare: [], store: [], subscribers: [] };
let t = 0;
let c = process.cpuUsage();
const start = () => {
  t = performance.now();
  c = process.cpuUsage();
};
const stop = (stage: Stage) => {
  times[stage].push(performance.now() - t);
  const used = process.cpuUsage(c);
  cpu[stage].push((used.user + used.system) / 1000);
};
for (let i = 0; i < runs; i++) {
  start();
  const parsed = await parseActivityFile(bytes, rel);
  stop('parse');
  start();
  const prepared = parsed.map(prepareActivity);
  stop('prepare');
  start();
  const rows = await database.db.transaction((tx) => insertParsedActivities(tx, user!.id, prepared, { source: 'upload' }));
  stop('store');
  start();
  await publishActivityCreated(
    database.db,
    rows.map((r) => ({ activity_id: r.row.id, user_id: user!.id, source: 'upload', duplicate_start_time: r.duplicateStartTime, derived: r.derived })),
    activityCreatedSubscribers,
  );
  stop('subscribers');
}
await settleEvents();
await database.close();
// CPU time (this process, all threads) beside wall time: on a machine shared with other work the
// wall figures swing with the neighbours' load, the CPU figures much less
const figures = (stage: Stage) => `${median(times[stage]).toFixed(1)} (cpu ${median(cpu[stage]).toFixed(1)})`;
console.log(
  `${rel}: median of ${runs} runs (ms) — worker: parse ${figures('parse')}, prepare ${figures('prepare')}; ` +
    `request thread: store ${figures('store')}, subscribers ${figures('subscribers')}`,
);
