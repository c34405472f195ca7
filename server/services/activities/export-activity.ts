import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activityStreams } from '@/db/schema';
import { AppError } from '@/server/errors';
import { readOriginalAsSent } from '@/server/stored-files/originals';
import { activityGpx } from './activity-gpx';
import { getActivityOrThrow } from './get-activity-or-throw';

export interface ExportedFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

// Linear on any name: `/_+$/` retried at every underscore of a long run is quadratic, so the
// ends are trimmed by index (the name is user text, up to 255 characters from a file or longer).
const safeBase = (name: string) => trimUnderscores(name.replace(/[^\w.-]+/g, '_')).slice(0, 80) || 'activity';

function trimUnderscores(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) === 0x5f) start++;
  while (end > start && value.charCodeAt(end - 1) === 0x5f) end--;
  return value.slice(start, end);
}

/** CONTRACT: GET /activities/{id}/export?format=gpx|original. */
export async function exportActivity(db: Db, userId: number, activityId: number, format: 'gpx' | 'original'): Promise<ExportedFile> {
  const activity = await getActivityOrThrow(db, userId, activityId);
  if (format === 'original') {
    if (!activity.originalPath) throw new AppError('not_found', { detail: 'This activity has no original file (it was not uploaded as a file).' });
    const bytes = await readOriginalAsSent(activity.originalPath, activity.originalFilename).catch(() => {
      throw new AppError('not_found', { detail: 'The original file of this activity is no longer stored.' });
    });
    return { filename: safeBase(activity.originalFilename ?? `activity-${activity.id}`), contentType: 'application/octet-stream', bytes };
  }
  const [streams] = await db.select().from(activityStreams).where(eq(activityStreams.activityId, activityId));
  return {
    filename: `${safeBase(activity.name)}-${activity.id}.gpx`,
    contentType: 'application/gpx+xml',
    bytes: Buffer.from(activityGpx(activity, streams ?? null)),
  };
}
