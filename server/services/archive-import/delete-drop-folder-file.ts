import { and, eq, inArray } from 'drizzle-orm';
import { rm } from 'node:fs/promises';
import type { Db } from '@/db/client';
import { jobs } from '@/db/schema';
import { AppError } from '@/server/errors';
import type { ArchiveImportPayload } from './archive-import-payload';
import { dropExportPath } from './drop-folder';

/**
 * Users delete what they placed or uploaded in their drop folder. A name that is not an
 * export there is 404; one that a queued or running import reads is 409 (it would fail half-way).
 */
export async function deleteDropFolderFile(db: Db, userId: number, name: string): Promise<void> {
  const path = await dropExportPath(userId, name);
  const unfinished = await db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.kind, 'archive_import'), inArray(jobs.status, ['queued', 'running'])));
  if (unfinished.some((j) => ((j.payload as Partial<ArchiveImportPayload>).paths ?? []).includes(path))) {
    throw new AppError('conflict', { detail: `"${name}" is being imported; delete it when the import has finished.` });
  }
  await rm(path, { recursive: true, force: true });
}
