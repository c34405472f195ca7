import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { Readable } from 'node:stream';
import { ArchiveItemError, ArchiveRefused } from './archive-refused';
import { checkEntryName } from './entry-path';
import { rootedAt, type ArchiveItem, type ArchiveRefusal, type ExportArchive } from './archive-contents';
import { RATIO_FLOOR_BYTES, type ArchiveLimits } from './limits';

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFLNK = 0o120000;

/**
 * yauzl reads the central directory (names, sizes) and inflates one entry on demand from the file
 * descriptor; `validateEntrySizes` makes it fail an entry whose data inflates past its declared
 * size, so the declared sizes we check here are the sizes we get.
 */
export async function openZipArchive(file: string, limits: ArchiveLimits): Promise<ExportArchive> {
  let zip: ZipFile;
  try {
    // decodeStrings: false keeps raw names, so a hostile name is our per-item refusal, not a
    // yauzl error that would end the listing.
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true });
  } catch (error) {
    throw new ArchiveRefused('The file is not a readable zip archive.', { cause: error });
  }
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw new ArchiveRefused(`The archive holds ${zip.entryCount} entries, more than the ${limits.maxEntries} an export may have.`);
    }
    const listed = await listEntries(zip, limits);
    return zipArchive(zip, listed);
  } catch (error) {
    zip.close();
    if (error instanceof ArchiveRefused) throw error;
    throw new ArchiveRefused('The zip archive is damaged: its directory cannot be read.', { cause: error });
  }
}

interface Listed {
  items: (ArchiveItem & { entry: Entry })[];
  refused: ArchiveRefusal[];
}

async function listEntries(zip: ZipFile, limits: ArchiveLimits): Promise<Listed> {
  const items: Listed['items'] = [];
  const refused: ArchiveRefusal[] = [];
  const seen = new Set<string>();
  let total = 0;
  for await (const entry of zip.eachEntry()) {
    const raw = (entry.fileName as unknown as Buffer).toString('utf8');
    if (raw.endsWith('/')) continue;
    const refuse = (reason: string) => refused.push({ item: raw, reason });
    const name = checkEntryName(raw);
    if ('refused' in name) {
      refuse(name.refused);
      continue;
    }
    const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
    if (mode === S_IFLNK) {
      refuse('symbolic links are refused');
      continue;
    }
    if (mode !== 0 && mode !== S_IFREG) {
      refuse('not a regular file');
      continue;
    }
    total += entry.uncompressedSize;
    if (total > limits.maxTotalBytes) {
      throw new ArchiveRefused(`The archive inflates to more than ${limits.maxTotalBytes} bytes, the limit for an export.`);
    }
    if (entry.isEncrypted()) {
      refuse('encrypted entries are not supported');
      continue;
    }
    if (!entry.canDecodeFileData()) {
      refuse('the entry uses a compression method that is not supported');
      continue;
    }
    if (entry.uncompressedSize > limits.maxEntryBytes) {
      refuse(`the entry inflates to more than ${limits.maxEntryBytes} bytes`);
      continue;
    }
    if (entry.uncompressedSize > RATIO_FLOOR_BYTES && entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.maxInflateRatio) {
      refuse('the entry is compressed like a zip bomb');
      continue;
    }
    if (seen.has(name.path)) {
      refuse('a second entry with the same name');
      continue;
    }
    seen.add(name.path);
    items.push({ path: name.path, size: entry.uncompressedSize, entry });
  }
  return { items: rootedAt(items).items, refused };
}

function zipArchive(zip: ZipFile, { items, refused }: Listed): ExportArchive {
  const byPath = new Map(items.map((i) => [i.path, i.entry]));
  return {
    items: items.map(({ path, size }) => ({ path, size })),
    refused,
    has: (path) => byPath.has(path),
    async read(path, maxBytes) {
      const entry = byPath.get(path);
      if (!entry) throw new ArchiveItemError(path, 'the file is not in the archive');
      if (entry.uncompressedSize > maxBytes) throw new ArchiveItemError(path, `the file is larger than ${maxBytes} bytes`);
      try {
        return await collect(await zip.openReadStreamPromise(entry), maxBytes);
      } catch (error) {
        throw new ArchiveItemError(path, 'the entry is damaged and cannot be inflated', { cause: error });
      }
    },
    close: async () => zip.close(),
  };
}

async function collect(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      stream.destroy();
      throw new Error(`inflates past ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}
