import { rm } from 'node:fs/promises';
import { sep } from 'node:path';
import type { ArchiveImportPayload } from './archive-import-payload';
import { log } from '@/server/log/logger';
import { dropFolder } from './drop-folder';

/**
 * An archive uploaded to POST /strava/import/archive is deleted when its job ends,
 * succeeded or failed (exports placed in the drop folder by other means stay). Only paths inside
 * the user's own drop folder are ever removed.
 */
export async function removeUploadedArchives(payload: Partial<ArchiveImportPayload>): Promise<void> {
  if (payload.userId === undefined || !payload.uploads?.length) return;
  const folder = dropFolder(payload.userId) + sep;
  for (const path of payload.uploads) {
    if (!path.startsWith(folder)) continue;
    await rm(path, { force: true }).catch((error: unknown) => log().warn({ err: error, path }, 'an uploaded archive could not be removed'));
  }
}
