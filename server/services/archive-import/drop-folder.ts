import { mkdir, readdir } from 'node:fs/promises';
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
