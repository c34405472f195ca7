// What an opened export holds, as both readers (zip-archive.ts, folder-archive.ts) give it, and
// where its root is. Apart from export-archive.ts, which picks the reader: the readers import this,
// not the module that imports them.

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
