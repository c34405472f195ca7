import { createHash, randomUUID } from 'node:crypto';
import { access, copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { inboxFiles, type InboxFileStatus } from '@/db/schema';
import { isAppError } from '@/server/errors';
import { uploadTempDir } from '@/server/stored-files/originals';
import { createActivitiesFromUpload } from '../uploads/create-activities-from-upload';
import { inboxFolder } from './inbox-folder';

export interface InboxOutcome {
  status: InboxFileStatus | 'gone';
  activityIds: number[];
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** A free name in `folder`: the file's own, else with the claim's id before the extension. */
async function freeName(folder: string, name: string, id: string): Promise<string> {
  if (!(await exists(join(folder, name)))) return name;
  const ext = /\.(fit|gpx|tcx)(\.gz)?$/i.exec(name)?.[0] ?? extname(name);
  return `${name.slice(0, name.length - ext.length)}-${id.slice(0, 8)}${ext}`;
}

/**
 * CONTRACT: Beyond the spec … Integrations: a claimed inbox file goes through the upload's own
 * pipeline (createActivitiesFromUpload: parse, original kept, one transaction, activity.created),
 * then moves to done/, or to failed/ beside `<name>.error.txt` with the problem's detail. The
 * claim's id is the upload's idempotency key, so a replay after a crash between the store and the
 * move stores nothing twice.
 */
export async function ingestInboxFile(db: Db, inboxFileId: string): Promise<InboxOutcome> {
  const [row] = await db.select().from(inboxFiles).where(eq(inboxFiles.id, inboxFileId));
  if (!row || row.status !== 'claimed') return { status: row?.status ?? 'gone', activityIds: row?.activityIds ?? [] };
  const folder = inboxFolder(row.userId);
  const source = join(folder, row.name);
  const finish = async (status: InboxFileStatus, detail: string | null, activityIds: number[]) => {
    await db.update(inboxFiles).set({ status, detail, activityIds, finishedAt: new Date() }).where(eq(inboxFiles.id, row.id));
    return { status, activityIds };
  };
  if (!(await exists(source))) return finish('failed', 'The file left the inbox before it was read.', []);

  const bytes = await readFile(source);
  // a copy of its own, removed here on every path: the original the upload keeps must not share
  // the file the user may still change in the inbox
  const temp = join(uploadTempDir(), `inbox-${randomUUID()}`);
  await mkdir(uploadTempDir(), { recursive: true });
  await copyFile(source, temp);
  let status: InboxFileStatus = 'done';
  let detail: string | null = null;
  let activityIds: number[] = [];
  try {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const result = await createActivitiesFromUpload(db, row.userId, { path: temp, filename: row.name, sha256 }, `inbox:${row.id}`);
    activityIds = result.activities.map((a) => a.id);
  } catch (error) {
    if (!isAppError(error)) throw error;
    status = 'failed';
    detail = error.detail;
  } finally {
    await rm(temp, { force: true });
  }
  const target = join(folder, status);
  await mkdir(target, { recursive: true });
  const name = await freeName(target, row.name, row.id);
  await rename(source, join(target, name));
  if (detail !== null) await writeFile(join(target, `${name}.error.txt`), `${detail}\n`);
  return finish(status, detail, activityIds);
}
