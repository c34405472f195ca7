import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { activities, jobs } from '@/db/schema';
import { env } from '@/server/env';
import { baseName } from '@/server/formats/archive';
import { testEngines } from '@/server/testing/test-database';
import { useTestEnv as applyTestEnv } from '@/server/testing/test-env';
import { ITEM_CODES } from './job-items';
import { queueChildImport } from './test-support/child-import';

// "Disk full … fail that item, not the job", with a real ENOSPC. The import runs in
// a child process whose originals folder is a small tmpfs mounted in a mount namespace of its own
// (unshare -m: nothing changes for the rest of the machine, and the mount ends with the process).
// Where this machine cannot mount (no root, no CAP_SYS_ADMIN) the test is skipped and says why.

const PAGE = 4096;

function mountProblem(): string | null {
  const probe = mkdtempSync(join(tmpdir(), 'stride-mount-probe-'));
  const result = spawnSync('unshare', ['-m', 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs "$0"', probe], { encoding: 'utf8' });
  rmdirSync(probe);
  if (result.status === 0) return null;
  return `cannot mount a tmpfs in a mount namespace here (${(result.error?.message ?? result.stderr).trim()})`;
}

const problem = mountProblem();
if (problem) console.warn(`archive-import-disk-full skipped: ${problem}`);

describe.skipIf(problem !== null).each(testEngines())('archive import onto a full disk on %s', (engine) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('an original that does not fit fails its item (ENOSPC), the job goes on, nothing partial is stored', async () => {
    applyTestEnv();
    const queued = await queueChildImport(engine, 'fulldisk', 512 * 1024);
    ({ database } = queued);
    const { user, built, job } = queued;
    // room for the largest original, not for all of them: some items must meet a full disk
    const pages = built.entries.filter((e) => e.name.startsWith('activities/')).map((e) => Math.ceil(e.data.length / PAGE) * PAGE);
    const room = Math.max(Math.max(...pages) + 2 * PAGE, Math.floor(pages.reduce((a, b) => a + b, 0) / (2 * PAGE)) * PAGE);

    const originals = join(env().DATA_DIR, 'originals');
    mkdirSync(originals);
    const script = 'mount -t tmpfs -o size="$1" tmpfs "$2" && shift 2 && exec "$@"';
    const child = spawn('unshare', ['-m', 'sh', '-c', script, 'sh', String(room), originals, process.execPath, ...queued.runnerArgs], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(0);
    const onTmpfs = (JSON.parse(out.trim().split('\n').at(-1)!) as string[])
      .filter((f) => f.includes('/'))
      .map((f) => join('originals', f))
      .sort();

    database = await queued.reopen();
    const { db } = database;
    const done = (await db.select().from(jobs).where(eq(jobs.id, job.id)))[0]!;
    expect(done.status).toBe('succeeded');
    const full = done.errors.filter((e) => e.code === ITEM_CODES.storage);
    expect(full.length).toBeGreaterThan(0);
    for (const error of full) expect(error.detail).toBe('The disk is full: the file could not be stored.');
    const stored = await db.select().from(activities).where(eq(activities.userId, user.id));
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.length + full.length).toBe(built.assignments.length);
    expect(done.progress).toMatchObject({ created: stored.length, failed: built.manifestRows - stored.length });
    // every stored activity has its whole original; no partial file of a failed item is left
    expect(onTmpfs).toEqual(stored.map((a) => a.originalPath!).sort());
    const failedItems = new Set(full.map((e) => baseName(e.item)));
    expect(stored.filter((a) => failedItems.has(a.originalFilename!))).toEqual([]);
  }, 240_000);
});
