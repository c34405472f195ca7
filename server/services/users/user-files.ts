import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { env } from '@/server/env';

// Issue 49 case 10: a user's files live under DATA_DIR/<folder>/<user_id>/: uploaded originals,
// attached photos (media), account exports, and the drop folder with the watched inbox (imports).
// Deleting the user removes them all; the account export is the way to keep data.
export const USER_FILE_FOLDERS = ['originals', 'media', 'exports', 'imports'] as const;
export type UserFileFolder = (typeof USER_FILE_FOLDERS)[number];

/**
 * Removes DATA_DIR/<folder>/<user_id> and all it holds; idempotent (nothing there is no error).
 * A link is removed, never followed: neither the folder itself nor anything inside it.
 */
export async function removeUserFiles(folder: UserFileFolder, userId: number): Promise<void> {
  await rm(join(env().DATA_DIR, folder, String(userId)), { recursive: true, force: true });
}
