import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '@/db/client';
import { env } from '@/server/env';
import { log } from '@/server/log/logger';
import { claimInboxFile } from './claim-inbox-file';
import { realInboxFolder } from './inbox-file-system';
import { isInboxCandidate } from './inbox-folder';

/** What one watcher saw at its last look: path → "size:mtime" (then "#claimed" once claimed). */
export type InboxSightings = Map<string, string>;

/**
 * One look at every user's inbox. A file whose size and mtime equal the previous look's is
 * claimed (claimInboxFile); a new or changing one waits for the next look. Returns the number of
 * files this look claimed.
 */
export async function scanInboxes(db: Db, sightings: InboxSightings): Promise<number> {
  const root = join(env().DATA_DIR, 'imports');
  const users = await readdir(root, { withFileTypes: true }).catch(() => []);
  const present = new Set<string>();
  let claimed = 0;
  for (const dir of users) {
    if (!dir.isDirectory() || !/^[1-9]\d{0,9}$/.test(dir.name)) continue;
    const userId = Number(dir.name);
    // issue 49 case 5: an inbox that is a link (to another user's, say) is not looked into; nor is a
    // file that is a link (the entry's own type, lstat)
    const folder = (await realInboxFolder(userId))?.path;
    if (!folder) continue;
    for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
      if (!entry.isFile() || !isInboxCandidate(entry.name)) continue;
      const path = join(folder, entry.name);
      const info = await lstat(path).catch(() => null);
      if (!info?.isFile()) continue;
      present.add(path);
      const mark = `${info.size}:${Math.floor(info.mtimeMs)}`;
      const before = sightings.get(path);
      if (before === `${mark}#claimed`) continue;
      sightings.set(path, mark);
      if (before !== mark) continue;
      try {
        if (await claimInboxFile(db, { userId, name: entry.name, size: info.size, mtimeMs: Math.floor(info.mtimeMs) })) claimed++;
        sightings.set(path, `${mark}#claimed`);
      } catch (error) {
        log().warn({ err: error, user_id: userId, file: entry.name }, 'could not claim an inbox file');
      }
    }
  }
  for (const path of sightings.keys()) if (!present.has(path)) sightings.delete(path);
  return claimed;
}
