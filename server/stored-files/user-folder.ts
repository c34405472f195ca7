import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { env } from '@/server/env';
import { writeWholeOrNothing } from './whole-file';

// Files kept per user under DATA_DIR/<folder>/<user_id>/ with generated names; the database keeps
// the path relative to DATA_DIR, so a moved data directory keeps working.

export interface UserFolder {
  /** Creates the user's folder and answers the relative and absolute path of a new file in it. */
  place(userId: number, name: string): Promise<{ relative: string; absolute: string }>;
  /** Writes bytes as a file, whole or not at all; answers its path relative to DATA_DIR. */
  writeBytes(userId: number, bytes: Uint8Array, name: string): Promise<string>;
  /** The absolute path of a stored file; refuses anything outside DATA_DIR/<folder>. */
  absolutePath(relative: string): string;
  remove(relative: string): Promise<void>;
}

export function userFolder(folder: 'originals' | 'media'): UserFolder {
  const absolutePath = (relative: string): string => {
    const root = resolve(env().DATA_DIR, folder);
    const absolute = resolve(env().DATA_DIR, relative);
    if (!absolute.startsWith(root + sep)) throw new Error(`path outside the ${folder} folder`);
    return absolute;
  };
  const place = async (userId: number, name: string) => {
    await mkdir(join(env().DATA_DIR, folder, String(userId)), { recursive: true });
    const relative = join(folder, String(userId), name);
    return { relative, absolute: join(env().DATA_DIR, relative) };
  };
  return {
    place,
    absolutePath,
    async writeBytes(userId, bytes, name) {
      const { relative, absolute } = await place(userId, name);
      await writeWholeOrNothing(absolute, () => writeFile(absolute, bytes));
      return relative;
    },
    async remove(relative) {
      await rm(absolutePath(relative), { force: true });
    },
  };
}
