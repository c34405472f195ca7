import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { AppError } from '@/server/errors';
import type { AccountExportResult } from '@/server/services/account-export/account-export-payload';
import { eq } from 'drizzle-orm';
import { isExportExpired } from './account-export-record';
import { exportAbsolutePath } from './export-files';
import { getAccountExportOrThrow } from './get-account-export-or-throw';

export interface OpenedExport {
  stream: Readable;
  size: number;
  filename: string;
}

const gone = () => new AppError('not_found', { detail: 'This export has expired and was deleted: start a new one.' });

/**
 * CONTRACT: Account export download: not finished → 409; past its 7 days (deleted here if the
 * sweep has not yet), or another user's → 404. The file is streamed from disk.
 */
export async function openAccountExport(db: Db, userId: number, jobId: string, now: Date): Promise<OpenedExport> {
  const row = await getAccountExportOrThrow(db, userId, jobId);
  if (row.status !== 'succeeded') {
    throw new AppError('conflict', { detail: row.status === 'failed' ? 'This export failed: start a new one.' : 'The export is not finished yet.' });
  }
  const path = exportAbsolutePath((row.result as AccountExportResult).path);
  if (isExportExpired(row, now)) {
    await rm(path, { force: true });
    throw gone();
  }
  const info = await stat(path).catch(() => null);
  if (!info) throw gone();
  const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  const day = row.finishedAt!.toISOString().slice(0, 10);
  return { stream: createReadStream(path), size: info.size, filename: `stride-export-${user!.username}-${day}.zip` };
}
