import { stat } from 'node:fs/promises';
import { ArchiveRefused } from './archive-refused';
import { openFolderArchive } from './folder-archive';
import { DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from './limits';
import { openZipArchive } from './zip-archive';

// One interface over a Strava export, whether it is the zip as downloaded or the folder it
// unpacks to. Listing reads only names and sizes (the zip's central directory); `read` inflates
// one entry at a time under a byte cap, so the archive never sits in memory.

export interface ArchiveItem {
  /** relative to the export's root (the folder holding activities.csv), '/'-separated */
  path: string;
  /** inflated bytes as declared (zip) or on disk (folder) */
  size: number;
}

export interface ArchiveRefusal {
  item: string;
  reason: string;
}

export interface ExportArchive {
  readonly items: readonly ArchiveItem[];
  /** entries refused by name or kind (zip slip, symlink, bomb, nested archive), never read */
  readonly refused: readonly ArchiveRefusal[];
  has(path: string): boolean;
  /** the entry's bytes; ArchiveItemError when it is missing, damaged or inflates past maxBytes */
  read(path: string, maxBytes: number): Promise<Buffer>;
  close(): Promise<void>;
}

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

/**
 * Strava's zip holds activities.csv at its top; a re-zipped folder may wrap it in one more folder.
 * The shallowest activities.csv names the root; items outside it are dropped.
 */
export function rootedAt<T extends { path: string }>(items: T[]): { root: string; items: T[] } {
  const manifests = items.map((i) => i.path).filter((p) => p === 'activities.csv' || p.endsWith('/activities.csv'));
  manifests.sort((a, b) => a.split('/').length - b.split('/').length);
  const root = manifests[0]?.slice(0, -'activities.csv'.length) ?? '';
  if (!root) return { root, items };
  return { root, items: items.filter((i) => i.path.startsWith(root)).map((i) => ({ ...i, path: i.path.slice(root.length) })) };
}
