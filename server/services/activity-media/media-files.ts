import { mkdir, rm } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { env } from '@/server/env';
import type { ImageKind } from '@/server/formats/archive';
import { writeDurably } from '../uploads/originals';

// Attached photos live under DATA_DIR/media/<user_id>/ with a name the caller derives (never the
// name from the archive; the same photo of a replayed import gets the same name, see
// keepOriginalBytes); the database keeps the path relative to DATA_DIR.

const EXTENSION: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', heic: 'heic' };

export async function storeMediaFile(userId: number, bytes: Uint8Array, kind: ImageKind, stem: string): Promise<string> {
  const relative = join('media', String(userId), `${stem}.${EXTENSION[kind]}`);
  await mkdir(join(env().DATA_DIR, 'media', String(userId)), { recursive: true });
  await writeDurably(join(env().DATA_DIR, relative), bytes);
  return relative;
}

/** The absolute path of a stored photo; refuses anything outside DATA_DIR/media. */
export function mediaAbsolutePath(relative: string): string {
  const root = resolve(env().DATA_DIR, 'media');
  const absolute = resolve(env().DATA_DIR, relative);
  if (!absolute.startsWith(root + sep)) throw new Error('media path outside the media folder');
  return absolute;
}

export async function removeMediaFile(relative: string): Promise<void> {
  await rm(mediaAbsolutePath(relative), { force: true });
}
