import { stat } from 'node:fs/promises';
import type { ExportArchive } from './archive-contents';
import { ArchiveRefused } from './archive-refused';
import { openFolderArchive } from './folder-archive';
import { DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from './limits';
import { openZipArchive } from './zip-archive';

// One interface over a Strava export, whether it is the zip as downloaded or the folder it
// unpacks to. Listing reads only names and sizes (the zip's central directory); `read` inflates
// one entry at a time under a byte cap, so the archive never sits in memory.

/** A zip file or an unpacked export folder; ArchiveRefused when it is neither or breaks a cap. */
export async function openExportArchive(path: string, limits: Partial<ArchiveLimits> = {}): Promise<ExportArchive> {
  const caps = { ...DEFAULT_ARCHIVE_LIMITS, ...limits };
  const info = await stat(path).catch((error: unknown) => {
    throw new ArchiveRefused('The export file or folder does not exist (any more).', { cause: error });
  });
  if (info.isDirectory()) return openFolderArchive(path, caps);
  if (info.isFile()) return openZipArchive(path, caps);
  throw new ArchiveRefused('The export is neither a zip file nor a folder.');
}
