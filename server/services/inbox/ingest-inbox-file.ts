import { now } from '@/server/clock';
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { inboxFiles, type InboxFileStatus } from '@/db/schema';
import { env } from '@/server/env';
import { isAppError } from '@/server/errors';
import { uploadTempDir } from '@/server/stored-files/originals';
import { createActivitiesFromUpload } from '../uploads/create-activities-from-upload';
import { copyInboxFile, freeName, realInboxFolder, realSubfolder } from './inbox-file-system';

export interface InboxOutcome {
  status: InboxFileStatus | 'gone';
  activityIds: number[];
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
  const finish = async (status: InboxFileStatus, detail: string | null, activityIds: number[]) => {
    await db.update(inboxFiles).set({ status, detail, activityIds, finishedAt: now() }).where(eq(inboxFiles.id, row.id));
    return { status, activityIds };
  };
  // issue 49 case 5: an inbox that is a link (or under one) is not read, nor written into
  const inbox = await realInboxFolder(row.userId);
  if (!inbox) return finish('failed', 'The inbox folder is a link or not a folder; nothing was read or moved.', []);

  // a copy of its own, streamed under the upload cap and removed here on every path: the original
  // the upload keeps must not share the file the user may still change in the inbox
  await mkdir(uploadTempDir(), { recursive: true });
  const temp = join(uploadTempDir(), `inbox-${randomUUID()}`);
  let status: InboxFileStatus = 'done';
  let detail: string | null = null;
  let activityIds: number[] = [];
  try {
    const read = await copyInboxFile(inbox, row.name, temp, env().MAX_UPLOAD_BYTES);
    if (read.kind === 'gone') return await finish('failed', 'The file left the inbox before it was read.', []);
    if (read.kind === 'refused') {
      status = 'failed';
      detail = read.detail;
    } else {
      const result = await createActivitiesFromUpload(db, row.userId, { path: temp, filename: row.name, sha256: read.sha256 }, `inbox:${row.id}`);
      activityIds = result.activities.map((a) => a.id);
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    status = 'failed';
    detail = error.detail;
  } finally {
    await rm(temp, { force: true });
  }
  const target = await realSubfolder(inbox.path, status === 'done' ? 'done' : 'failed');
  const name = await freeName(target, row.name, row.id);
  // rename moves a link itself, never what it points to
  await rename(join(inbox.path, row.name), join(target, name)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  // 'wx': created, never written through a link or over a file
  if (detail !== null) await writeFile(join(target, `${name}.error.txt`), `${detail}\n`, { flag: 'wx' });
  return finish(status, detail, activityIds);
}
