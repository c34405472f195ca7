import { stat } from 'node:fs/promises';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, activityStreams, gears } from '@/db/schema';
import { fieldsOf } from '@/db/schema/field-columns';
import { ACTIVITY_FIELDS } from '@/server/activity-fields';
import { gearFullName } from '../gear/gear-full-name';
import { originalAbsolutePath, sentExtension } from '@/server/stored-files/originals';
import { listExportMedia, type ExportMedia } from './list-export-media';
import { presentChannelsSql } from './stream-channels';

/** One activity of the archive and where its file comes from. */
export type ExportActivity = Awaited<ReturnType<typeof selectActivities>>[number] & {
  /** the entry's path in the archive (`activities/<id>.<ext>`), or null when there is no file */
  filename: string | null;
  /** 'original': the uploaded bytes; 'gpx': built from the streams */
  file: 'original' | 'gpx' | null;
  /** `<brand> <model> <nickname>` as Strava writes Activity Gear, null without gear */
  gearName: string | null;
  /** attached photos: the entry's path in the archive and the stored file */
  media: ExportMedia[];
};

function selectActivities(db: Db, userId: number) {
  return db
    .select({
      id: activities.id,
      name: activities.name,
      description: activities.description,
      activityType: activities.activityType,
      activityTypeSource: activities.activityTypeSource,
      startTime: activities.startTime,
      ...fieldsOf(activities, ACTIVITY_FIELDS),
      visibility: activities.visibility,
      isHidden: activities.isHidden,
      excludeFromRecords: activities.excludeFromRecords,
      source: activities.source,
      providerActivityId: activities.providerActivityId,
      hasStreams: activities.hasStreams,
      originalPath: activities.originalPath,
      originalFilename: activities.originalFilename,
      gearNickname: gears.nickname,
      gearBrand: gears.brand,
      gearModel: gears.model,
      streamChannels: presentChannelsSql(),
    })
    .from(activities)
    .leftJoin(gears, eq(gears.id, activities.gearId))
    .leftJoin(activityStreams, eq(activityStreams.activityId, activities.id))
    .where(eq(activities.userId, userId))
    .orderBy(asc(activities.startTime), asc(activities.id));
}

const exists = (path: string) =>
  stat(path).then(
    (s) => s.isFile(),
    () => false,
  );

/**
 * The user's activities, oldest first, each with its archive entry: the original as sent (`.gz`
 * kept), else a GPX from the streams. An original that made several activities (a multisport
 * file) is written once per activity under each id: the importer keeps, of a file's activities,
 * the one whose start matches its manifest row (spec: bulk import), so each copy gives back one.
 */
export async function listExportActivities(db: Db, userId: number): Promise<ExportActivity[]> {
  const rows = await selectActivities(db, userId);
  const media = await listExportMedia(db, userId);
  const out: ExportActivity[] = [];
  for (const row of rows) {
    const ext = row.originalPath ? sentExtension(row.originalPath, row.originalFilename) : null;
    const gearName = row.gearNickname ? gearFullName({ nickname: row.gearNickname, brand: row.gearBrand, model: row.gearModel }) : null;
    const extra = { gearName, media: media.get(row.id) ?? [] };
    if (row.originalPath && ext && (await exists(originalAbsolutePath(row.originalPath)))) {
      out.push({ ...row, ...extra, filename: `activities/${row.id}${ext}`, file: 'original' });
    } else if (row.hasStreams) {
      out.push({ ...row, ...extra, filename: `activities/${row.id}.gpx`, file: 'gpx' });
    } else {
      out.push({ ...row, ...extra, filename: null, file: null });
    }
  }
  return out;
}
