import { existsSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import * as jobRoute from '@/app/api/v1/activities/ingestion-jobs/[job_id]/route';
import * as userRoute from '@/app/api/v1/users/[user_id]/route';
import { jobs, jobSteps, users } from '@/db/schema';
import { setClockForTests } from '@/server/clock';
import { env } from '@/server/env';
import { readCorpusFile } from '@/server/formats/test-support/corpus';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { ROUTE_BASE, routeTestDatabase } from '@/server/testing/route-tests';
import { testEngines } from '@/server/testing/test-database';
import { createSession } from '../sessions/create-session';
import { USER_FILE_FOLDERS } from './user-files';

// Issue 49 case 10: deleting a user left their files on disk (originals, media, exports, inbox).
// Files are made where the service keeps them; the deletion goes through DELETE /users/{id}.

describe.each(testEngines())('deleting a user removes their files on %s', (engine) => {
  const database = routeTestDatabase(engine);
  afterEach(() => setClockForTests(undefined));

  async function user(accessType: 'regular' | 'admin') {
    const [row] = await database()
      .db.insert(users)
      .values({ username: `${accessType}-${Math.random().toString(36).slice(2)}`, accessType })
      .returning();
    const { accessToken } = await createSession(database().db, { id: row!.id, accessType }, { clientType: 'mobile', ipAddress: '10.49.10.1', userAgent: null });
    return { id: row!.id, token: accessToken };
  }
  /** One file in each of the user's folders, the inbox and the drop folder included; answers their paths. */
  async function filesOf(userId: number): Promise<string[]> {
    const root = env().DATA_DIR;
    const paths = [
      join(root, 'originals', String(userId), 'walk.fit'),
      join(root, 'media', String(userId), 'photo.jpg'),
      join(root, 'exports', String(userId), '2026-11-29.zip'),
      join(root, 'imports', String(userId), 'inbox', 'waiting.fit'),
      join(root, 'imports', String(userId), 'inbox', 'done', 'read.fit'),
      join(root, 'imports', String(userId), 'strava-export.zip'),
    ];
    const bytes = await readCorpusFile('fit/garmin_fenix5_walk_tiny.fit');
    for (const path of paths) {
      await mkdir(join(path, '..'), { recursive: true });
      await writeFile(path, bytes);
    }
    return paths;
  }
  const userFolders = (userId: number) => USER_FILE_FOLDERS.map((f) => join(env().DATA_DIR, f, String(userId)));
  const remove = (admin: { token: string }, userId: number) =>
    userRoute.DELETE(
      new Request(`${ROUTE_BASE}/api/v1/users/${userId}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${admin.token}`, 'x-client-type': 'mobile', 'x-stride-peer': '10.49.10.2' },
      }),
      { params: Promise.resolve({ user_id: String(userId) }) },
    );
  const jobOf = async (adminId: number) =>
    (await database().db.select().from(jobs).where(eq(jobs.userId, adminId))).find((j) => j.kind === 'user_files_delete')!;
  const readJob = async (admin: { token: string }, jobId: string) => {
    const res = await jobRoute.GET(
      new Request(`${ROUTE_BASE}/api/v1/activities/ingestion-jobs/${jobId}`, {
        headers: { authorization: `Bearer ${admin.token}`, 'x-client-type': 'mobile', 'x-stride-peer': '10.49.10.3' },
      }),
      { params: Promise.resolve({ job_id: jobId }) },
    );
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const runner = () => new EmbeddedRunner(database().db, { pollMs: 20 });

  it("removes every folder of the user (a link in them is removed, not followed), keeps others' files; the admin sees the job finish", async () => {
    const admin = await user('admin');
    const leaver = await user('regular');
    const stayer = await user('regular');
    const leaverFiles = await filesOf(leaver.id);
    const stayerFiles = await filesOf(stayer.id);
    // a link from the leaver's inbox to the stayer's originals: removed, never followed
    await symlink(join(env().DATA_DIR, 'originals', String(stayer.id)), join(env().DATA_DIR, 'imports', String(leaver.id), 'inbox', 'link'));

    expect((await remove(admin, leaver.id)).status).toBe(204);
    const job = await jobOf(admin.id);
    expect(job).toMatchObject({ status: 'queued', payload: { user_id: leaver.id } });
    expect(await runner().drain()).toBe(1);

    for (const path of [...leaverFiles, ...userFolders(leaver.id)]) expect(existsSync(path), path).toBe(false);
    for (const path of stayerFiles) expect(existsSync(path), path).toBe(true);
    const seen = await readJob(admin, job.id);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ status: 'succeeded', progress: { total: 4, done: 4 } });
    expect((await readJob(await user('admin'), job.id)).status).toBe(404); // only its admin's
  });

  it('a restart mid-way still finishes: the steps stored before are not run again, the rest are', async () => {
    const admin = await user('admin');
    const leaver = await user('regular');
    const files = await filesOf(leaver.id);
    expect((await remove(admin, leaver.id)).status).toBe(204);
    const job = await jobOf(admin.id);
    // an instance took the job, removed the originals, stored that step, and died holding its lease
    const t0 = Date.now();
    setClockForTests(t0);
    await database()
      .db.insert(jobSteps)
      .values({ jobId: job.id, name: 'remove originals', result: { value: null } });
    await database().db.execute(
      sql`update ${jobs} set status = 'running', locked_by = 'dead', lease_until = ${new Date(t0 + 30_000).toISOString()}::timestamptz where id = ${job.id}`,
    );
    const afterRestart = runner();
    expect(await afterRestart.drain()).toBe(0); // the dead instance's lease still holds
    expect(files.every((p) => existsSync(p))).toBe(true);
    setClockForTests(t0 + 31_000);
    expect(await afterRestart.drain()).toBe(1);
    for (const path of [...files.slice(1), ...userFolders(leaver.id).slice(1)]) expect(existsSync(path), path).toBe(false);
    // the step stored before the restart was not run again: its folder is as the dead instance left it
    expect(existsSync(files[0]!)).toBe(true);
    expect((await readJob(admin, job.id)).body).toMatchObject({ status: 'succeeded', progress: { total: 4, done: 4 } });
  });
});
