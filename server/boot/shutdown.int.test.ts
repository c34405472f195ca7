import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteDirFor, type Database } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { users } from '@/db/schema';
import { syntheticGpx } from '@/e2e/fixtures/gpx';
import { runScript, type ScriptRun } from '@/server/testing/internal-routes';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, testEngines } from '@/server/testing/test-database';
import { CHILD_PROCESS_TEST_TIMEOUT_MS, waitUntil } from '@/server/testing/wait-until';
import { useTestEnv } from '@/server/testing/test-env';

// CONTRACT: Events: the activity.created subscribers (heart-rate zones, map thumbnail) run after
// the upload's answer. `npm start` stops on SIGTERM with shutdown() of server/process-state.ts,
// which waits for them before it closes the database: a SIGTERM sent the moment the 201 arrives
// loses neither. The service runs as a real child process (server/testing/service-process.ts:
// the start-up and signal handling of scripts/start.ts) and is started again to read them back.

const UPLOADS = 4;
const started: ScriptRun[] = [];
afterAll(() => started.forEach((run) => run.child.kill('SIGKILL')));

async function startService(dataDir: string, databaseUrl: string | undefined): Promise<{ run: ScriptRun; url: string }> {
  const run = runScript('server/testing/service-process.ts', [], dataDir, databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  started.push(run);
  await waitUntil(() => run.output().stdout.includes('listening ') || run.child.exitCode !== null, 60_000, 'the service to listen');
  const url = /listening (\S+)/.exec(run.output().stdout)?.[1];
  if (!url) throw new Error(`the service did not start: ${run.output().stderr}`);
  return { run, url };
}

/** The database the child will use, opened here first to add a user with a maximum heart rate (zones need one). */
async function seededDatabase(engine: 'pglite' | 'postgres', dataDir: string): Promise<{ database: Database; url?: string }> {
  const database = engine === 'pglite' ? await openDatabase({ pgliteDir: pgliteDirFor(dataDir) }) : await openTestDatabase('postgres');
  if (engine === 'pglite') await runMigrations(database);
  return { database, url: database.url };
}

// two service starts, each a child process that migrates its database
describe.each(testEngines())('shutdown on SIGTERM (%s)', { timeout: 2 * CHILD_PROCESS_TEST_TIMEOUT_MS }, (engine) => {
  it('SIGTERM right after an upload is answered: the uploads in progress are answered, and after a restart every activity has its heart-rate zones and thumbnail', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stride-shutdown-'));
    useTestEnv();
    const { database, url: databaseUrl } = await seededDatabase(engine, dataDir);
    const { userId, token } = await signedInUser(database.db);
    await database.db.update(users).set({ maxHeartRate: 190 }).where(eq(users.id, userId));
    // the embedded directory is one process's at a time: the child opens it from here on
    if (engine === 'pglite') await database.close();

    const first = await startService(dataDir, databaseUrl);
    // several uploads at once: the signal comes with the first answer, while the others are still
    // being parsed and stored, and while the first one's subscribers run
    const uploads = Array.from({ length: UPLOADS }, (_, i) => {
      const form = new FormData();
      form.append('file', new Blob([syntheticGpx(1_000, new Date(Date.UTC(2024, 4, 4 + i, 7)))]), `run-${i}.gpx`);
      return fetch(`${first.url}/api/v1/activities/create/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    });
    await Promise.race(uploads);
    first.run.child.kill('SIGTERM');
    const answers = await Promise.all(
      uploads.map((upload) => upload.then(async (res) => ({ status: res.status, body: (await res.json()) as { id: number }[] }))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(UPLOADS).fill(201));
    const ids = answers.map((answer) => answer.body[0]!.id);
    const ended = await first.run.done;
    expect(ended.code, ended.stderr).toBe(0);

    const second = await startService(dataDir, databaseUrl);
    const auth = { authorization: `Bearer ${token}`, 'x-client-type': 'mobile' };
    for (const id of ids) {
      const zones = await fetch(`${second.url}/api/v1/activities/${id}/zones`, { headers: auth });
      expect(zones.status).toBe(200);
      expect(((await zones.json()) as { zones: unknown[] | null }).zones, `zones of activity ${id}`).toHaveLength(5);
      const thumbnail = await fetch(`${second.url}/api/v1/activities/${id}/thumbnail.svg`, { headers: auth });
      expect(thumbnail.status, `thumbnail of activity ${id}`).toBe(200);
      expect(await thumbnail.text()).toContain('<svg');
    }
    second.run.child.kill('SIGTERM');
    expect((await second.run.done).code).toBe(0);
    if (engine === 'postgres') await database.close();
  });
});
