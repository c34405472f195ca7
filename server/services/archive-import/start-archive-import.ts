import { rm } from 'node:fs/promises';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { jobs, type JobRow } from '@/db/schema';
import { AppError } from '@/server/errors';
import { enqueueJob } from '@/server/job-queue/enqueue-job';
import type { ArchiveImportPayload } from './archive-import-payload';
import { dropExportPath, listDropExports } from './drop-folder';
import type { StartArchiveImportInput } from './schemas';

/**
 * CONTRACT: Settled 2026-11-23: with a file name, that export of the drop folder; without, every
 * export there that no earlier import took (or, when all were taken, all of them again: they
 * then import nothing twice). An empty drop folder is 404.
 */
export async function startArchiveImport(db: Db, userId: number, input?: StartArchiveImportInput): Promise<JobRow> {
  const paths = input ? [await dropExportPath(userId, input.file)] : await untakenExports(db, userId);
  return enqueueArchiveImport(db, userId, paths);
}

/**
 * An export just uploaded into the drop folder: its job deletes it when it ends, and
 * when no job can be started it is deleted at once.
 */
export async function startUploadedArchiveImport(db: Db, userId: number, file: string): Promise<JobRow> {
  const path = await dropExportPath(userId, file);
  try {
    return await enqueueArchiveImport(db, userId, [path], [path]);
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}

/** The CLI imports any path on the server's disk through the same job. */
export function enqueueArchiveImport(db: Db, userId: number, paths: string[], uploads: string[] = []): Promise<JobRow> {
  const payload: ArchiveImportPayload = { userId, paths, ...(uploads.length ? { uploads } : {}) };
  return enqueueJob(db, { kind: 'archive_import', userId, payload: { ...payload } });
}

async function untakenExports(db: Db, userId: number): Promise<string[]> {
  const names = await listDropExports(userId);
  if (!names.length) {
    throw new AppError('not_found', { detail: 'Your drop folder is empty: upload a Strava export zip, or place it in the drop folder first.' });
  }
  const all = await Promise.all(names.map((name) => dropExportPath(userId, name)));
  const earlier = await db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.kind, 'archive_import'), ne(jobs.status, 'failed')));
  const taken = new Set(earlier.flatMap((j) => (j.payload as Partial<ArchiveImportPayload>).paths ?? []));
  const untaken = all.filter((p) => !taken.has(p));
  return untaken.length ? untaken : all;
}
