import { randomUUID } from 'node:crypto';
import { copyFile, link } from 'node:fs/promises';
import { join } from 'node:path';
import { env } from '@/server/env';
import { userFolder } from './user-folder';
import { writeWholeOrNothing } from './whole-file';

// Uploaded files are kept as sent, under DATA_DIR/originals/<user_id>/, for export?format=original.

const originals = userFolder('originals');

export function uploadTempDir(): string {
  return join(env().DATA_DIR, 'tmp');
}

/** A name for the stored copy: unique (or the caller's stem), keeping only the (already checked) extension. */
function storedName(filename: string, stem: string = randomUUID()): string {
  const match = /\.(fit|gpx|tcx)(\.gz)?$/i.exec(filename);
  return `${stem}${match ? match[0].toLowerCase() : ''}`;
}

/**
 * Keeps a received file as the user's original: a hard link to it (no bytes copied), or a copy
 * where the folders cannot share one. The received file stays its receiver's to remove.
 */
export async function keepOriginal(userId: number, receivedPath: string, filename: string): Promise<string> {
  const { relative, absolute } = await originals.place(userId, storedName(filename));
  try {
    await link(receivedPath, absolute);
  } catch {
    await writeWholeOrNothing(absolute, () => copyFile(receivedPath, absolute));
  }
  return relative;
}

/**
 * Stores bytes read from an archive entry as an original (the archive import has no temp file).
 * `stem` names the file from what it is (the import's job, export and entry), so a job replayed
 * after a crash between this write and its transaction's commit overwrites the same file instead
 * of leaving an orphan beside a new one.
 */
export function keepOriginalBytes(userId: number, bytes: Uint8Array, filename: string, stem: string): Promise<string> {
  return originals.writeBytes(userId, bytes, storedName(filename, stem));
}

export const originalAbsolutePath = originals.absolutePath;
export const removeOriginal = originals.remove;
