import { readdir, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { env } from '@/server/env';

// Archives live under DATA_DIR/exports/<user_id>/<timestamp>.zip for 7 days (CONTRACT: Account
// export); the job result keeps the path relative to DATA_DIR.
export const EXPORT_LIFETIME_MS = 7 * 24 * 3600 * 1000;

export const exportsRoot = () => join(env().DATA_DIR, 'exports');

export function exportRelativePath(userId: number, stamp: string): string {
  return join('exports', String(userId), `${stamp}.zip`);
}

/** The absolute path of an archive; refuses anything outside DATA_DIR/exports. */
export function exportAbsolutePath(relative: string): string {
  const root = resolve(exportsRoot());
  const absolute = resolve(env().DATA_DIR, relative);
  if (!absolute.startsWith(root + sep)) throw new Error('export path outside the exports folder');
  return absolute;
}

export const exportExpiresAt = (finishedAt: Date) => new Date(finishedAt.getTime() + EXPORT_LIFETIME_MS);

/**
 * Deletes every archive (and abandoned partial file) older than the lifetime. Run at the start of
 * each export job; a download of an expired archive also deletes it (README "Account export").
 */
export async function sweepExpiredExports(now: Date): Promise<number> {
  let removed = 0;
  const users = await readdir(exportsRoot()).catch(() => [] as string[]);
  for (const user of users) {
    const dir = join(exportsRoot(), user);
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const path = join(dir, name);
      const info = await stat(path).catch(() => null);
      if (info?.isFile() && info.mtimeMs + EXPORT_LIFETIME_MS <= now.getTime()) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
  }
  return removed;
}
