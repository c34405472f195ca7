import { lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { env } from '@/server/env';
import { AppError } from '@/server/errors';

// CONTRACT: Strava: the drop folder is <DATA_DIR>/imports/<user_id>/. What an export may be there:
// a zip (as Strava sends it) or the folder it unpacks to. Hidden names and partial uploads
// (`.part`) are not exports, nor the watched inbox folder (server/services/inbox).

export function dropFolder(userId: number): string {
  return join(env().DATA_DIR, 'imports', String(userId));
}

export async function ensureDropFolder(userId: number): Promise<string> {
  const folder = dropFolder(userId);
  await mkdir(folder, { recursive: true });
  return folder;
}

/** Names of the exports in the user's drop folder, sorted. */
export async function listDropExports(userId: number): Promise<string[]> {
  const entries = await readdir(dropFolder(userId), { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => !e.name.startsWith('.') && ((e.isDirectory() && e.name !== 'inbox') || (e.isFile() && /\.zip$/i.test(e.name))))
    .map((e) => e.name)
    .sort();
}

/** The path of one named export; a name that is not a plain entry of the folder is 404. */
export async function dropExportPath(userId: number, name: string): Promise<string> {
  if (!(await listDropExports(userId)).includes(name)) {
    throw new AppError('not_found', { detail: `There is no export named "${name}" in your drop folder.` });
  }
  return join(dropFolder(userId), name);
}

/** Bytes under a path (a file, or a folder walked without following links); 0 when it is gone. */
export async function bytesUnder(path: string): Promise<number> {
  const stat = await lstat(path).catch(() => null);
  if (!stat?.isDirectory()) return stat?.isFile() ? stat.size : 0;
  const entries = await readdir(path).catch(() => []);
  let total = 0;
  for (const entry of entries) total += await bytesUnder(join(path, entry));
  return total;
}

/** What the user's drop folder holds, every file in it counted (the quota's measure). */
export function dropFolderBytes(userId: number): Promise<number> {
  return bytesUnder(dropFolder(userId));
}

/** The 413 of a drop folder that is full (MAX_DROP_FOLDER_BYTES). */
export function dropFolderFull(): AppError {
  const gib = (env().MAX_DROP_FOLDER_BYTES / 1024 ** 3).toFixed(1).replace(/\.0$/, '');
  return new AppError('payload_too_large', {
    detail: `Your drop folder may hold ${gib} GiB: delete exports you no longer need (the import page lists them), then upload again.`,
  });
}

/** Bytes the user's drop folder can still take; a full folder is a 413 at once. */
export async function dropFolderRoomOrThrow(userId: number): Promise<number> {
  const room = env().MAX_DROP_FOLDER_BYTES - (await dropFolderBytes(userId));
  if (room <= 0) throw dropFolderFull();
  return room;
}
