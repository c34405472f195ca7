import type { ImageKind } from '@/server/formats/archive';
import { userFolder } from './user-folder';

// Attached photos live under DATA_DIR/media/<user_id>/ with a name the caller derives (never the
// name from the archive; the same photo of a replayed import gets the same name, see
// keepOriginalBytes).

const EXTENSION: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', heic: 'heic' };
const media = userFolder('media');

export function storeMediaFile(userId: number, bytes: Uint8Array, kind: ImageKind, stem: string): Promise<string> {
  return media.writeBytes(userId, bytes, `${stem}.${EXTENSION[kind]}`);
}

export const mediaAbsolutePath = media.absolutePath;
export const removeMediaFile = media.remove;
