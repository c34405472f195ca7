import { and, eq } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import type { Db } from '@/db/client';
import { activityMedia } from '@/db/schema';
import { AppError } from '@/server/errors';
import { mediaAbsolutePath } from '@/server/stored-files/media-files';

export interface MediaFile {
  bytes: Buffer;
  contentType: string;
}

/** One photo's bytes; another user's or a missing one is 404 (CONTRACT: never 403). */
export async function getActivityMediaFile(db: Db, userId: number, activityId: number, mediaId: number): Promise<MediaFile> {
  const [row] = await db
    .select()
    .from(activityMedia)
    .where(and(eq(activityMedia.id, mediaId), eq(activityMedia.activityId, activityId), eq(activityMedia.userId, userId)));
  if (!row) throw new AppError('not_found', { detail: 'No such photo.' });
  const bytes = await readFile(mediaAbsolutePath(row.path)).catch(() => {
    throw new AppError('not_found', { detail: 'The photo file is gone.' });
  });
  return { bytes, contentType: row.contentType };
}
