import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, activityMedia } from '@/db/schema';
import { env } from '@/server/env';

// What an import left on disk against what its rows point at: after any crash and replay the two
// must be the same set (no orphan file, no row without its file).

function filesIn(folder: 'originals' | 'media', userId: number): string[] {
  try {
    return readdirSync(join(env().DATA_DIR, folder, String(userId)))
      .map((f) => join(folder, String(userId), f))
      .sort();
  } catch {
    return [];
  }
}

export async function storedFiles(db: Db, userId: number) {
  const originals = await db.select({ path: activities.originalPath }).from(activities).where(eq(activities.userId, userId));
  const media = await db.select({ path: activityMedia.path }).from(activityMedia).where(eq(activityMedia.userId, userId));
  return {
    onDisk: { originals: filesIn('originals', userId), media: filesIn('media', userId) },
    referenced: { originals: originals.map((r) => r.path!).sort(), media: media.map((r) => r.path).sort() },
  };
}
