import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { jobs, users } from '../../db/schema';
import { setEnvForTests } from '../../server/env';
import { parseActivityFile } from '../../server/formats';
import { openExportArchive } from '../../server/formats/archive';
import { EmbeddedRunner } from '../../server/jobs/embedded-runner';
import { ACTIVITY_FILE } from '../../server/services/archive-import/prepare-export';
import { enqueueArchiveImport } from '../../server/services/archive-import/start-archive-import';

// One phase of bench/import/run.ts in a process of its own; prints one JSON line.
const [kind, archivePath, work] = process.argv.slice(2) as ['import' | 'parse', string, string];
const dataDir = mkdtempSync(join(work, `${kind}-`));
setEnvForTests({ SECRET_KEY: 'x'.repeat(32), DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
const maxRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
// where the memory is: V8's heap, buffers outside it (zip entries, originals), and the rest of the
// resident set (PGlite's WASM memory is an ArrayBuffer, so it shows under arrayBuffers)
const peaks: Record<string, number> = { rss: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  for (const key of Object.keys(peaks)) peaks[key] = Math.max(peaks[key]!, Math.round(usage[key as keyof NodeJS.MemoryUsage] / 1024 / 1024));
}, 100);
sampler.unref();

if (kind === 'parse') {
  const archive = await openExportArchive(archivePath);
  const items = archive.items.filter((i) => ACTIVITY_FILE.test(i.path));
  let parseMs = 0;
  let activities = 0;
  for (const item of items) {
    const bytes = await archive.read(item.path, 64 * 1024 * 1024);
    const t = performance.now();
    const parsed = await parseActivityFile(bytes, item.path.slice(item.path.lastIndexOf('/') + 1)).catch(() => []);
    parseMs += performance.now() - t;
    // the import keeps one activity per manifest row; count what it would store
    activities += Math.min(parsed.length, 1);
  }
  await archive.close();
  console.log(JSON.stringify({ activities, files: items.length, seconds: parseMs / 1000, maxRssMb: maxRssMb(), peaks }));
} else {
  const database = await openDatabase(
    process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : { pgliteDir: join(dataDir, 'pgdata') },
  );
  await runMigrations(database);
  const [user] = await database.db
    .insert(users)
    .values({ username: `bench${Date.now()}` })
    .returning();
  const t = performance.now();
  const job = await enqueueArchiveImport(database.db, user!.id, [archivePath]);
  await new EmbeddedRunner(database.db, { pollMs: 50 }).drain();
  const seconds = (performance.now() - t) / 1000;
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, job.id));
  if (row!.status !== 'succeeded') throw new Error(`job ${row!.status}: ${JSON.stringify(row!.error)}`);
  await database.close();
  console.log(
    JSON.stringify({
      activities: row!.progress.created,
      files: row!.progress.total - row!.errors.filter((e) => e.code === 'missing_file').length,
      seconds,
      maxRssMb: maxRssMb(),
      peaks,
    }),
  );
}
