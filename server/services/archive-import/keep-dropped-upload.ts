import { open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '@/server/errors';
import { ensureDropFolder, listDropExports } from './drop-folder';

// A zip sent to POST /strava/import/archive becomes a file of the drop folder, exactly as if it
// had been copied there: its name is the uploaded name reduced to safe characters, made unique.

const ZIP_MAGIC = [Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.from('PK\u0005\u0006', 'latin1')];

async function startsLikeZip(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    return ZIP_MAGIC.some((m) => m.equals(head));
  } finally {
    await handle.close();
  }
}

function safeStem(filename: string): string {
  const stem = filename
    .replace(/^.*[\\/]/, '')
    .replace(/\.zip$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '');
  return stem.slice(0, 100) || 'export';
}

/** Moves the received temp file into the drop folder; returns its name there. */
export async function keepDroppedUpload(userId: number, tempPath: string, filename: string): Promise<string> {
  try {
    if (!(await startsLikeZip(tempPath))) {
      throw new AppError('invalid_input', { detail: 'The uploaded file is not a zip archive: send the export as Strava delivers it.' });
    }
    const folder = await ensureDropFolder(userId);
    const taken = new Set(await listDropExports(userId));
    const stem = safeStem(filename);
    let name = `${stem}.zip`;
    for (let n = 2; taken.has(name); n += 1) name = `${stem}-${n}.zip`;
    await rename(tempPath, join(folder, name));
    return name;
  } finally {
    await rm(tempPath, { force: true });
  }
}
