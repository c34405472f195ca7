import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

// Peak RSS of an account export (CONTRACT: Account export: 1,000 activities under 300 MB).
//   npx tsx bench/export/run.ts [activities, default 1000]
// Seeds a fresh embedded database (or DATABASE_URL, a PostgreSQL database of its own) with one
// user whose activities are uploaded from corpus files through the upload pipeline, then runs the
// export in a separate process (the CLI's path: the job body under the embedded runner) so that
// process's peak RSS is the export's alone. Prints the figures.

const count = Number(process.argv[2] ?? 1000);
const corpus = resolve(process.env.CORPUS_DIR ?? join(process.cwd(), '../shared/corpus'));
const FILES = [
  'fit/garmin_fenix5_walk_tiny.fit',
  'tcx/garmin_fr410_run_3laps.tcx.gz',
  'gpx/strava_export_run_hr_cad_temp.gpx',
  'fit/garmin_edge500_ride_3h31.fit',
  'tcx/garmin_fr305_run_23laps.tcx',
];

const dataDir = process.env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'stride-bench-export-'));
process.env.DATA_DIR = dataDir;
process.env.SECRET_KEY ??= 'bench-secret-key-0123456789abcdef-0123456789';
process.env.LOG_LEVEL ??= 'warn';

const { database } = await import('../../server/runtime');
const { users } = await import('../../db/schema');
const { createActivitiesFromUpload } = await import('../../server/services/uploads/create-activities-from-upload');
const { settleEvents } = await import('../../server/events/activity-created');

const opened = await database();
const username = `bench${Date.now().toString(36)}`;
const [user] = await opened.db.insert(users).values({ username }).returning();
const files = FILES.map((f) => ({ name: f.split('/')[1]!, bytes: readFileSync(join(corpus, f)) }));
const t0 = performance.now();
let stored = 0;
for (let i = 0; stored < count; i += 1) {
  const file = files[i % files.length]!;
  const path = join(dataDir, `bench-${i}`);
  writeFileSync(path, file.bytes);
  const sha256 = createHash('sha256').update(file.bytes).update(String(i)).digest('hex');
  stored += (await createActivitiesFromUpload(opened.db, user!.id, { path, filename: file.name, sha256 })).activities.length;
}
await settleEvents();
console.log(`seeded ${stored} activities from ${FILES.length} corpus files in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
await opened.close();

// the node flags of `npm run export` (package.json), so the measured process is tuned as the CLI is
const cli = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.export!;
const flags = cli.split(/\s+/).filter((token) => /^--(?!import)/.test(token));
const out = join(dataDir, 'bench-export.zip');
const child = spawnSync(process.execPath, [...flags, '--import', 'tsx', 'bench/export/export-once.ts', username, out], { env: process.env, encoding: 'utf8' });
console.log(`export process flags: ${flags.join(' ') || 'none'}`);
process.stdout.write(child.stdout);
process.stderr.write(child.stderr);
console.log(`data directory: ${dataDir}`);
