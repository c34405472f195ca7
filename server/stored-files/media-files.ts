import { randomUUID } from 'node:crypto';
import type { ImageKind } from '@/server/formats/archive';
import { userFolder } from './user-folder';

// Attached photos live under DATA_DIR/media/<user_id>/ with a generated name (never the name from
// the archive).

const EXTENSION: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', heic: 'heic' };
const media = userFolder('media');

export function storeMediaFile(userId: number, bytes: Uint8Array, kind: ImageKind): Promise<string> {
  return media.writeBytes(userId, bytes, `${randomUUID()}.${EXTENSION[kind]}`);
}

export const mediaAbsolutePath = media.absolutePath;
export const removeMediaFile = media.remove;
