import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, copyFile, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { env } from '@/server/env';

// Uploaded files are kept as sent, under DATA_DIR/originals/<user_id>/, for export?format=original.
// The database stores the path relative to DATA_DIR, so a moved data directory keeps working.

export function uploadTempDir(): string {
  return join(env().DATA_DIR, 'tmp');
}

/** A name for the stored copy: unique, keeping only the (already checked) extension. */
function storedName(filename: string, stem: string = randomUUID()): string {
  const match = /\.(fit|gpx|tcx)(\.gz)?$/i.exec(filename);
  return `${stem}${match ? match[0].toLowerCase() : ''}`;
}

/** Moves (or copies, across devices) a received temp file into the user's originals folder. */
export async function keepOriginal(userId: number, tempPath: string, filename: string): Promise<string> {
  const relative = join('originals', String(userId), storedName(filename));
  const target = join(env().DATA_DIR, relative);
  await mkdir(join(env().DATA_DIR, 'originals', String(userId)), { recursive: true });
  try {
    await rename(tempPath, target);
  } catch {
    try {
      await copyFile(tempPath, target);
    } catch (error) {
      // a copy cut short by a full disk must not stay behind as an "original"
      await rm(target, { force: true });
      throw error;
    }
  }
  return relative;
}

/**
 * Stores bytes read from an archive entry as an original (the archive import has no temp file).
 * `stem` names the file from what it is (the import's job, export and entry), so a job replayed
 * after a crash between this write and its transaction's commit overwrites the same file instead
 * of leaving an orphan beside a new one.
 */
export async function keepOriginalBytes(userId: number, bytes: Uint8Array, filename: string, stem: string): Promise<string> {
  const relative = join('originals', String(userId), storedName(filename, stem));
  await mkdir(join(env().DATA_DIR, 'originals', String(userId)), { recursive: true });
  await writeDurably(join(env().DATA_DIR, relative), bytes);
  return relative;
}

/** Writes the file whole or not at all: a write cut short (a full disk) leaves no partial file. */
export async function writeDurably(path: string, bytes: Uint8Array): Promise<void> {
  try {
    await writeFile(path, bytes);
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}

/** The absolute path of a stored original; refuses anything outside DATA_DIR/originals. */
export function originalAbsolutePath(relative: string): string {
  const root = resolve(env().DATA_DIR, 'originals');
  const absolute = resolve(env().DATA_DIR, relative);
  if (!absolute.startsWith(root + sep)) throw new Error('original path outside the originals folder');
  return absolute;
}

export async function removeOriginal(relative: string): Promise<void> {
  await rm(originalAbsolutePath(relative), { force: true });
}
