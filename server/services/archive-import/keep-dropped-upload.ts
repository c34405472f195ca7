import { open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '@/server/errors';
import { dropFolderFull, dropFolderRoomOrThrow, ensureDropFolder, listDropExports } from './drop-folder';

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

// One move into a user's drop folder at a time (in this process), so that two uploads finishing
// together cannot both fit under the quota that only one of them fits in.
const moves = new Map<number, Promise<unknown>>();

function oneMoveAtATime<T>(userId: number, move: () => Promise<T>): Promise<T> {
  const next = (moves.get(userId) ?? Promise.resolve()).then(move, move);
  const settled = next.catch(() => undefined);
  moves.set(userId, settled);
  void settled.then(() => moves.get(userId) === settled && moves.delete(userId));
  return next;
}

/** Moves the received temp file into the drop folder, within the user's quota (413 beyond it); returns its name there. */
export async function keepDroppedUpload(userId: number, tempPath: string, filename: string): Promise<string> {
  try {
    if (!(await startsLikeZip(tempPath))) {
      throw new AppError('invalid_input', { detail: 'The uploaded file is not a zip archive: send the export as Strava delivers it.' });
    }
    return await oneMoveAtATime(userId, () => moveIntoDropFolder(userId, tempPath, filename));
  } finally {
    await rm(tempPath, { force: true });
  }
}

async function moveIntoDropFolder(userId: number, tempPath: string, filename: string): Promise<string> {
  if ((await stat(tempPath)).size > (await dropFolderRoomOrThrow(userId))) throw dropFolderFull();
  const folder = await ensureDropFolder(userId);
  const taken = new Set(await listDropExports(userId));
  const stem = safeStem(filename);
  let name = `${stem}.zip`;
  for (let n = 2; taken.has(name); n += 1) name = `${stem}-${n}.zip`;
  await rename(tempPath, join(folder, name));
  return name;
}
