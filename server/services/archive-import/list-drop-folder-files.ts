import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { bytesUnder, dropFolder, listDropExports } from './drop-folder';
import type { DropFolderFile } from './schemas';

/** The exports in the caller's drop folder, with their size, so that users can see and free their quota. */
export async function listDropFolderFiles(userId: number): Promise<DropFolderFile[]> {
  const folder = dropFolder(userId);
  const files = await Promise.all(
    (await listDropExports(userId)).map(async (name): Promise<DropFolderFile | null> => {
      const stat = await lstat(join(folder, name)).catch(() => null);
      if (!stat) return null;
      const kind = stat.isDirectory() ? 'folder' : 'zip';
      return { name, kind, bytes: await bytesUnder(join(folder, name)), modified_at: stat.mtime.toISOString() };
    }),
  );
  return files.filter((f) => f !== null);
}
