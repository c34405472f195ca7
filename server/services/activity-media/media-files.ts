import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { env } from '@/server/env';
import type { ImageKind } from '@/server/formats/archive';

// Attached photos live under DATA_DIR/media/<user_id>/ with a generated name (never the name from
// the archive); the database keeps the path relative to DATA_DIR.

const EXTENSION: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', heic: 'heic' };

export async function storeMediaFile(userId: number, bytes: Uint8Array, kind: ImageKind): Promise<string> {
  const relative = join('media', String(userId), `${randomUUID()}.${EXTENSION[kind]}`);
  await mkdir(join(env().DATA_DIR, 'media', String(userId)), { recursive: true });
  await writeFile(join(env().DATA_DIR, relative), bytes);
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
