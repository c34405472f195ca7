import type { Tx } from '@/db/client';
import { activityMedia, type JobItemError } from '@/db/schema';
import { checkImage, type ExportArchive } from '@/server/formats/archive';
import { MIB } from '@/server/formats/limits';
import { removeMediaFile, storeMediaFile } from '@/server/stored-files/media-files';
import { ITEM_CODES } from './job-items';

// spec: bulk import: "each image named in Media is read from the media folder, validated as an
// image, and attached to the last created activity. A missing or invalid image is skipped with a
// warning and does not fail the activity." Files are written before the activity's transaction
// and recorded inside it, so a photo row never exists without its activity (and vice versa).

const MEDIA_MAX_BYTES = 32 * MIB;

export interface StoredMedia {
  filename: string;
  path: string;
  contentType: string;
  bytes: number;
  width: number | null;
  height: number | null;
}

export async function storeRowMedia(
  archive: ExportArchive,
  userId: number,
  names: readonly string[],
  stem: (name: string) => string,
): Promise<{ stored: StoredMedia[]; warnings: JobItemError[] }> {
  const stored: StoredMedia[] = [];
  const warnings: JobItemError[] = [];
  const warn = (item: string, detail: string) => warnings.push({ item, code: ITEM_CODES.media, detail });
  for (const name of names) {
    if (!archive.has(name)) {
      warn(name, 'The photo is not in the export.');
      continue;
    }
    try {
      const bytes = await archive.read(name, MEDIA_MAX_BYTES);
      const image = checkImage(bytes);
      if ('refused' in image) {
        warn(name, `Not attached: ${image.refused}.`);
        continue;
      }
      const path = await storeMediaFile(userId, bytes, image.kind, stem(name));
      stored.push({ filename: name, path, contentType: image.contentType, bytes: bytes.length, width: image.width, height: image.height });
    } catch (error) {
      warn(name, `Not attached: ${(error as { reason?: string }).reason ?? (error as Error).message}.`);
    }
  }
  return { stored, warnings };
}

export async function recordMedia(tx: Tx, userId: number, activityId: number, stored: readonly StoredMedia[]): Promise<void> {
  if (!stored.length) return;
  await tx.insert(activityMedia).values(stored.map((m) => ({ activityId, userId, ...m })));
}

export async function discardMedia(stored: readonly StoredMedia[]): Promise<void> {
  await Promise.all(stored.map((m) => removeMediaFile(m.path)));
}
