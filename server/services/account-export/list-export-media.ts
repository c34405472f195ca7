import { stat } from 'node:fs/promises';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activityMedia } from '@/db/schema';
import { mediaAbsolutePath } from '@/server/stored-files/media-files';

export interface ExportMedia {
  /** `media/<activity id>-<photo id>.<ext>`: unique in the archive whatever the photos were called */
  name: string;
  /** the stored file, relative to DATA_DIR */
  path: string;
}

const extension = (path: string) => /\.[a-z0-9]+$/i.exec(path)?.[0].toLowerCase() ?? '';

/**
 * The user's photos by activity, in the order they were attached (names and paths, no bytes). A
 * photo whose file is gone is left out rather than failing the whole export on it.
 */
export async function listExportMedia(db: Db, userId: number): Promise<Map<number, ExportMedia[]>> {
  const rows = await db
    .select({ id: activityMedia.id, activityId: activityMedia.activityId, path: activityMedia.path })
    .from(activityMedia)
    .where(eq(activityMedia.userId, userId))
    .orderBy(asc(activityMedia.id));
  const byActivity = new Map<number, ExportMedia[]>();
  for (const row of rows) {
    if (
      !(await stat(mediaAbsolutePath(row.path)).then(
        (s) => s.isFile(),
        () => false,
      ))
    )
      continue;
    const list = byActivity.get(row.activityId) ?? [];
    list.push({ name: `media/${row.activityId}-${row.id}${extension(row.path)}`, path: row.path });
    byActivity.set(row.activityId, list);
  }
  return byActivity;
}
