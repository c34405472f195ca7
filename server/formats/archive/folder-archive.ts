import { constants } from 'node:fs';
import { lstat, open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ArchiveItemError, ArchiveRefused } from './archive-refused';
import { checkEntryName } from './entry-path';
import { rootedAt, type ArchiveItem, type ArchiveRefusal, type ExportArchive } from './archive-contents';
import type { ArchiveLimits } from './limits';

/**
 * An unpacked export in the drop folder. Symbolic links are refused (listed and never followed,
 * and files are opened with O_NOFOLLOW so a link swapped in later is not read either); a file that
 * vanished since the listing fails only its own item.
 */
export async function openFolderArchive(root: string, limits: ArchiveLimits): Promise<ExportArchive> {
  const items: ArchiveItem[] = [];
  const refused: ArchiveRefusal[] = [];
  let entries = 0;
  let total = 0;
  const walk = async (relative: string): Promise<void> => {
    const dirents = await readdir(join(root, relative), { withFileTypes: true });
    for (const dirent of dirents) {
      entries += 1;
      if (entries > limits.maxEntries) throw new ArchiveRefused(`The export folder holds more than the ${limits.maxEntries} entries an export may have.`);
      const path = relative ? `${relative}/${dirent.name}` : dirent.name;
      if (dirent.isSymbolicLink()) {
        refused.push({ item: path, reason: 'symbolic links are refused' });
        continue;
      }
      if (dirent.isDirectory()) {
        await walk(path);
        continue;
      }
      if (!dirent.isFile()) {
        refused.push({ item: path, reason: 'not a regular file' });
        continue;
      }
      const name = checkEntryName(path);
      if ('refused' in name) {
        refused.push({ item: path, reason: name.refused });
        continue;
      }
      const size = (await lstat(join(root, path))).size;
      total += size;
      if (total > limits.maxTotalBytes) throw new ArchiveRefused(`The export folder holds more than ${limits.maxTotalBytes} bytes, the limit for an export.`);
      if (size > limits.maxEntryBytes) {
        refused.push({ item: path, reason: `the file is larger than ${limits.maxEntryBytes} bytes` });
        continue;
      }
      items.push({ path, size });
    }
  };
  await walk('');
  const { root: prefix, items: rooted } = rootedAt(items);
  const known = new Set(rooted.map((i) => i.path));
  return {
    items: rooted,
    refused,
    has: (path) => known.has(path),
    async read(path, maxBytes) {
      if (!known.has(path)) throw new ArchiveItemError(path, 'the file is not in the export folder');
      try {
        const handle = await open(join(root, prefix + path), constants.O_RDONLY | constants.O_NOFOLLOW);
        try {
          const { size } = await handle.stat();
          if (size > maxBytes) throw new ArchiveItemError(path, `the file is larger than ${maxBytes} bytes`);
          return await handle.readFile();
        } finally {
          await handle.close();
        }
      } catch (error) {
        if (error instanceof ArchiveItemError) throw error;
        const code = (error as NodeJS.ErrnoException).code;
        const reason =
          code === 'ENOENT' ? 'the file vanished from the export folder' : code === 'ELOOP' ? 'symbolic links are refused' : 'the file cannot be read';
        throw new ArchiveItemError(path, reason, { cause: error });
      }
    },
    close: async () => {},
  };
}
