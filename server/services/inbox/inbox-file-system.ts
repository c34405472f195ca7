import { createHash } from 'node:crypto';
import { constants, createReadStream, createWriteStream, type Stats } from 'node:fs';
import { lstat, mkdir, open, unlink } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { env } from '@/server/env';
import { formatBytes } from '@/server/formats/limits';
import { dropFolder } from '../archive-import/drop-folder';
import { inboxFolder } from './inbox-folder';

// Issue 49 cases 5 and 6: the inbox is a folder its user may write into (a sync tool does), so
// every step distrusts it. No step follows a link: the folders from DATA_DIR/imports down to the
// inbox must be real folders; a file is opened with O_NOFOLLOW and checked on its descriptor
// (regular, on the inbox's device, the very entry of the inbox, within the upload cap) before a
// byte is read; it is streamed to a temporary copy under the cap as uploads are; done/ and failed/
// are made real folders again when they are links, and the moves and error notes never write
// through a link.

const lstatOrNull = (path: string) => lstat(path).catch(() => null);
const realFolder = (s: Stats | null): s is Stats => s !== null && s.isDirectory() && !s.isSymbolicLink();

/** The user's inbox folder when it and the folders above it (up to DATA_DIR/imports) are real folders, else null. */
export async function realInboxFolder(userId: number): Promise<{ path: string; stats: Stats } | null> {
  const path = inboxFolder(userId);
  for (const folder of [join(env().DATA_DIR, 'imports'), dropFolder(userId)]) if (!realFolder(await lstatOrNull(folder))) return null;
  const stats = await lstatOrNull(path);
  return realFolder(stats) ? { path, stats } : null;
}

export type InboxRead = { kind: 'copied'; sha256: string } | { kind: 'gone' } | { kind: 'refused'; detail: string };

const code = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;

/**
 * The inbox file `name` copied to `temp` (created, never overwritten) with its SHA-256, when it is
 * a regular file of the inbox within `maxBytes`; else why not. Checks go on the opened descriptor,
 * so a file swapped for a link after its claim is refused, not read through.
 */
export async function copyInboxFile(inbox: { path: string; stats: Stats }, name: string, temp: string, maxBytes: number): Promise<InboxRead> {
  const path = join(inbox.path, name);
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch((error: unknown) => {
    if (code(error) === 'ENOENT') return 'gone' as const;
    if (code(error) === 'ELOOP') return 'link' as const;
    throw error;
  });
  if (handle === 'gone') return { kind: 'gone' };
  if (handle === 'link') return { kind: 'refused', detail: 'The file is a link; links are not read.' };
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return { kind: 'refused', detail: 'The file is not a regular file.' };
    const entry = await lstatOrNull(path);
    if (stats.dev !== inbox.stats.dev || !entry || entry.dev !== stats.dev || entry.ino !== stats.ino) {
      return { kind: 'refused', detail: 'The file is not in the inbox folder.' };
    }
    const tooLarge = { kind: 'refused', detail: `The file is larger than the ${formatBytes(maxBytes)} limit.` } as const;
    if (stats.size > maxBytes) return tooLarge;
    // streamed under the cap: a file that grows past it while being read is refused too
    const hash = createHash('sha256');
    let bytes = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        if (bytes > maxBytes) return done(new Error('too large'));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      // the descriptor already checked, read from its start; the copy is created, never written through a link ('wx')
      await pipeline(createReadStream('', { fd: handle.fd, start: 0, autoClose: false }), counted, createWriteStream(temp, { flags: 'wx' }));
    } catch (error) {
      if (bytes > maxBytes) return tooLarge;
      throw error;
    }
    return { kind: 'copied', sha256: hash.digest('hex') };
  } finally {
    await handle.close();
  }
}

/** `<inbox>/<name>` as a real folder: a link (or a file) in its place is removed first, never followed. */
export async function realSubfolder(inbox: string, name: 'done' | 'failed'): Promise<string> {
  const path = join(inbox, name);
  const stats = await lstatOrNull(path);
  if (realFolder(stats)) return path;
  if (stats) await unlink(path);
  await mkdir(path);
  if (!realFolder(await lstatOrNull(path))) throw new Error(`inbox ${name}/ is not a folder`);
  return path;
}

const taken = async (path: string) => (await lstatOrNull(path)) !== null;

/** A name free in `folder` for the file and its `.error.txt` (links count as taken): its own, else with the claim's id before the extension. */
export async function freeName(folder: string, name: string, id: string): Promise<string> {
  if (!(await taken(join(folder, name))) && !(await taken(join(folder, `${name}.error.txt`)))) return name;
  const ext = /\.(fit|gpx|tcx)(\.gz)?$/i.exec(name)?.[0] ?? extname(name);
  return `${name.slice(0, name.length - ext.length)}-${id.slice(0, 8)}${ext}`;
}
