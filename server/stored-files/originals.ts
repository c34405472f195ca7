import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip, createGzip, gunzip, gzip } from 'node:zlib';
import { env } from '@/server/env';
import { acceptedName } from '@/server/formats';
import { userFolder } from './user-folder';
import { writeWholeOrNothing } from './whole-file';

// Uploaded files are kept under DATA_DIR/originals/<user_id>/, for export?format=original and for
// re-reading when figures are recomputed. FIT files (and anything already compressed) are kept as
// sent; GPX and TCX, XML that deflates to a sixth to a tenth of its size, are kept gzipped
// (`.gpx.gz`), which every reader of originals accepts; the single-activity export gives back the
// bytes as sent (issue 55: a 24-hour GPX is 22.8 MB of XML).

const gzipBytes = promisify(gzip);
const gunzipBytes = promisify(gunzip);
/** A text format that came uncompressed: kept gzipped. */
function keptCompressed(filename: string): boolean {
  const named = acceptedName(filename);
  return named !== null && named.format !== 'fit' && !named.gzip;
}

const originals = userFolder('originals');

export function uploadTempDir(): string {
  return join(env().DATA_DIR, 'tmp');
}

/** A name for the stored copy: unique (or the caller's stem), keeping only the (already checked) extension. */
function storedName(filename: string, stem: string = randomUUID()): string {
  return `${stem}${acceptedName(filename)?.extension ?? ''}`;
}

/**
 * Keeps a received file as the user's original: a hard link to it (no bytes copied), or a copy
 * where the folders cannot share one. The received file stays its receiver's to remove.
 */
export async function keepOriginal(userId: number, receivedPath: string, filename: string): Promise<string> {
  if (keptCompressed(filename)) {
    const { relative, absolute } = await originals.place(userId, `${storedName(filename)}.gz`);
    await writeWholeOrNothing(absolute, () => pipeline(createReadStream(receivedPath), createGzip(), createWriteStream(absolute)));
    return relative;
  }
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
export async function keepOriginalBytes(userId: number, bytes: Uint8Array, filename: string, stem: string): Promise<string> {
  if (keptCompressed(filename)) return originals.writeBytes(userId, await gzipBytes(bytes), `${storedName(filename, stem)}.gz`);
  return originals.writeBytes(userId, bytes, storedName(filename, stem));
}

/** Whether a stored original was gzipped on keeping (its sender sent it plain). */
const packedOnKeeping = (relative: string, sentName: string | null) =>
  relative.toLowerCase().endsWith('.gz') && !(sentName ?? relative).toLowerCase().endsWith('.gz');

/** The extension the original was sent with (`.gpx`, `.fit.gz`…), from its stored name. */
export function sentExtension(relative: string, sentName: string | null): string | null {
  const stored = acceptedName(relative)?.extension ?? null;
  return stored && packedOnKeeping(relative, sentName) ? stored.slice(0, -'.gz'.length) : stored;
}

/** The original's bytes as they were sent (a text file kept gzipped is unpacked). */
export async function readOriginalAsSent(relative: string, sentName: string | null): Promise<Buffer> {
  const bytes = await readFile(originals.absolutePath(relative));
  return packedOnKeeping(relative, sentName) ? gunzipBytes(bytes) : bytes;
}

/** The original's bytes as they were sent, streamed. */
export function streamOriginalAsSent(relative: string, sentName: string | null): AsyncIterable<Buffer> {
  const file = createReadStream(originals.absolutePath(relative));
  return packedOnKeeping(relative, sentName) ? file.pipe(createGunzip()) : file;
}

export const originalAbsolutePath = originals.absolutePath;
export const removeOriginal = originals.remove;
